import { Link } from "@remix-run/react";

/**
 * "Back to …" as a bold underlined link in a paragraph of its own, above a page's content;
 * `plain`, a lighter link to a neighbouring page (the API pages' tokens and webhooks).
 */
export function BackLink({ to, label, plain = false }: { to: string; label: string; plain?: boolean }) {
  return (
    <p>
      <Link
        to={to}
        className={
          plain ? "text-primary underline" : "font-bold text-primary-ink underline underline-offset-4"
        }
      >
        {label}
      </Link>
    </p>
  );
}
