import type { ReactNode } from "react";

/** A platform page's title row: the h1 first, then the page's links and buttons, wrapping on a phone. */
export function PlatformHeader({
  title,
  spaced = false,
  children,
}: {
  title: string;
  /** A margin under the row, on a page whose section does not space its children. */
  spaced?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`${spaced ? "mb-6 " : ""}flex flex-wrap items-center gap-4`}>
      <h1 className="me-auto text-3xl font-extrabold">{title}</h1>
      {children}
    </div>
  );
}
