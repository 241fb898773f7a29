import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/** Widths the image route serves that suit a category tile. */
const WIDTHS = [256, 384, 480] as const;
const url = (imageId: string, width: number) => `/resources/image?url=/images/${imageId}&w=${width}&q=75`;

/** A category tile: its image, its name as a heading linking to it, and an optional line. */
export function CategoryCard({
  href,
  name,
  description,
  imageId,
  eager = false,
  headingLevel = 2,
  children,
}: {
  href: string;
  name: string;
  description?: string;
  imageId: string | null;
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
          sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
          width={480}
          height={240}
          alt=""
          loading={eager ? "eager" : "lazy"}
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
