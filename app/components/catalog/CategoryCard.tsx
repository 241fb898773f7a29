import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/** Widths the image route serves that suit a category tile. */
const WIDTHS = [256, 384, 480] as const;
const url = (imageId: string, width: number) => `/resources/image?url=/images/${imageId}&w=${width}&q=75`;

/**
 * The image's rendered width on the categories page: one tile a row on phones, two from 640 px,
 * three from 1024 px and at most 72rem, less the page's padding (2rem) and the gaps (1.5rem).
 */
export const CATEGORY_PAGE_SIZES =
  "(min-width: 1152px) 357px, (min-width: 1024px) calc(33.3vw - 26px), (min-width: 640px) calc(50vw - 28px), calc(100vw - 32px)";

/** A category tile: its image, its name as a heading linking to it, and an optional line. */
export function CategoryCard({
  href,
  name,
  description,
  imageId,
  sizes = CATEGORY_PAGE_SIZES,
  eager = false,
  headingLevel = 2,
  children,
}: {
  href: string;
  name: string;
  description?: string;
  imageId: string | null;
  /** The image's rendered width in the grid the tile sits in. */
  sizes?: string;
  /** Above the fold (the first row): fetched at once and first. */
  eager?: boolean;
  headingLevel?: 2 | 3;
  /** Extra links (sub categories) sit above the card-wide link so they stay clickable. */
  children?: ReactNode;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-lg border border-line bg-card shadow-sm hover:shadow-md">
      {imageId ? (
        <img
          src={url(imageId, 384)}
          srcSet={WIDTHS.map((w) => `${url(imageId, w)} ${w}w`).join(", ")}
          sizes={sizes}
          width={480}
          height={240}
          alt=""
          loading={eager ? "eager" : "lazy"}
          // React 18 knows only the lowercase attribute.
          {...(eager ? { fetchpriority: "high" } : {})}
          decoding="async"
          className="aspect-[2/1] w-full object-cover"
        />
      ) : (
        <span aria-hidden="true" className="block aspect-[2/1] w-full bg-secondary/20" />
      )}
      <div className="flex grow flex-col p-4">
        <Heading className="text-xl font-extrabold">
          <Link to={href} className="rounded-sm after:absolute after:inset-0 after:content-['']">
            {name}
          </Link>
        </Heading>
        {description ? <p className="mt-1 text-muted">{description}</p> : null}
        {children ? <div className="relative z-10 mt-3">{children}</div> : null}
      </div>
    </article>
  );
}
