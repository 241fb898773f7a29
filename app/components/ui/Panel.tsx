import type { ReactNode } from "react";

/**
 * A titled card of a page (the cart's summary, an order's refunds, its returns): a section named
 * by its heading, so a screen reader lists it by that name. `className` goes before the card's own
 * classes (a margin); `titleClassName` sets the heading's size ("sr-only" where the card's first
 * row already says it).
 */
export function Panel({
  id,
  title,
  titleClassName = "font-bold",
  className,
  testId,
  children,
}: {
  /** The heading's id, unique on the page. */
  id: string;
  title: ReactNode;
  titleClassName?: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`${className ? `${className} ` : ""}rounded-lg border border-line bg-card p-4`}
      data-testid={testId}
    >
      <h2 id={id} className={titleClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
