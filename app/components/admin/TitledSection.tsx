import type { ComponentPropsWithoutRef, ReactNode } from "react";

/**
 * A section named by its own h2 (`aria-labelledby` points at the heading's `headingId`). The
 * section's and the heading's classes are the caller's: admin cards differ in padding and gaps.
 */
export function TitledSection({
  headingId,
  title,
  titleClassName = "text-lg font-extrabold",
  children,
  ...section
}: {
  headingId: string;
  title: ReactNode;
  titleClassName?: string;
  children: ReactNode;
} & Omit<ComponentPropsWithoutRef<"section">, "aria-labelledby" | "title">) {
  return (
    <section aria-labelledby={headingId} {...section}>
      <h2 id={headingId} className={titleClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
