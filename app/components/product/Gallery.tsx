import { useTranslation } from "~/lib/use-translation";
import type { GalleryImage } from "~/services/catalog/contract";
import { Swatch } from "../ui/Swatch";

/** Shown at about half the page on wide screens, the full width on phones. */
export const GALLERY_SIZES = "(min-width: 768px) 36rem, 100vw";

/**
 * The product's images through the image route, each with a responsive srcset and its real
 * size (no layout shift). The main image (the chosen variant's own, else the product's first)
 * loads at once; below it the strip keeps every product image whichever variant is chosen, so a
 * choice never hides a picture. Without images the shade itself stands in.
 */
export function Gallery({
  images,
  chosen,
  name,
  shadeHex,
  shadeLabel,
}: {
  images: GalleryImage[];
  /** The chosen variant's own image, shown large instead of the product's first. */
  chosen?: GalleryImage | null;
  name: string;
  shadeHex: string | null;
  shadeLabel: string | null;
}) {
  const { t } = useTranslation();
  const first = chosen ?? images[0];
  if (!first) {
    return shadeHex && shadeLabel ? (
      <Swatch hex={shadeHex} label={shadeLabel} className="aspect-square w-full rounded-lg" />
    ) : (
      <span aria-hidden="true" className="block aspect-square w-full rounded-lg bg-secondary/15" />
    );
  }
  // One picture alone needs no strip; otherwise every image, the large one too.
  const strip = images.length > 1 || (images.length === 1 && images[0]!.src !== first.src) ? images : [];
  return (
    <section aria-label={t("productPage.gallery")} className="flex flex-col gap-3">
      <img
        src={first.src}
        srcSet={first.srcSet}
        sizes={GALLERY_SIZES}
        width={first.width}
        height={first.height}
        alt={first.alt || name}
        loading="eager"
        // React 18 knows only the lowercase attribute.
        {...{ fetchpriority: "high" }}
        decoding="async"
        className="h-auto w-full rounded-lg border border-line bg-card object-cover"
      />
      {strip.length > 0 ? (
        <ul className="grid grid-cols-3 gap-3">
          {strip.map((image) => (
            <li key={image.src}>
              <img
                src={image.src}
                srcSet={image.srcSet}
                sizes="(min-width: 768px) 12rem, 33vw"
                width={image.width}
                height={image.height}
                alt={image.alt}
                loading="lazy"
                decoding="async"
                className="h-auto w-full rounded-md border border-line bg-card object-cover"
              />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
