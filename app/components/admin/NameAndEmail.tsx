import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/**
 * A shopper in an admin list's cell: the name in its own direction, the email under it left to
 * right (lined up with the cell's start, broken anywhere on a phone), then `children` (a badge).
 */
export function NameAndEmail({
  name,
  email,
  className,
  children,
}: {
  name: string;
  email: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <span className={cn("flex flex-col", className)}>
      <span dir="auto">{name}</span>
      <span dir="ltr" className="text-start text-sm break-all text-muted">
        {email}
      </span>
      {children}
    </span>
  );
}
