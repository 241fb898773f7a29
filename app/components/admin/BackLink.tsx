import { Link } from "@remix-run/react";

/** "Back to …" as a bold underlined link in a paragraph of its own, above a page's content. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <p>
      <Link to={to} className="font-bold text-primary-ink underline underline-offset-4">
        {label}
      </Link>
    </p>
  );
}
