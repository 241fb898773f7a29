import { useTranslation } from "~/lib/use-translation";
import type { GalleryImage } from "~/services/catalog/products.server";
import { Swatch } from "../ui/Swatch";

/** Shown at about half the page on wide screens, the full width on phones. */
export const GALLERY_SIZES = "(min-width: 768px) 36rem, 100vw";

/**
 * The product's images through the image route, each with a responsive srcset and its real
 * size (no layout shift). The first is the page's main image and loads at once; the rest lazily.
 * Without images the shade itself stands in.
 */
export function Gallery({
  images,
  name,
  shadeHex,
  shadeLabel,
}: {
  images: GalleryImage[];
  name: string;
  shadeHex: string | null;
  shadeLabel: string | null;
}) {
  const { t } = useTranslation();
  if (images.length === 0) {
    return shadeHex && shadeLabel ? (
      <Swatch hex={shadeHex} label={shadeLabel} className="aspect-square w-full rounded-lg" />
    ) : (
      <span aria-hidden="true" className="block aspect-square w-full rounded-lg bg-secondary/15" />
    );
  }
  const [first, ...rest] = images;
  return (
    <section aria-label={t("productPage.gallery")} className="flex flex-col gap-3">
      <img
        src={first!.src}
        srcSet={first!.srcSet}
        sizes={GALLERY_SIZES}
        width={first!.width}
        height={first!.height}
        alt={first!.alt || name}
        loading="eager"
        // React 18 knows only the lowercase attribute.
        {...{ fetchpriority: "high" }}
        decoding="async"
        className="h-auto w-full rounded-lg border border-line bg-card object-cover"
      />
      {rest.length > 0 ? (
        <ul className="grid grid-cols-3 gap-3">
          {rest.map((image) => (
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
