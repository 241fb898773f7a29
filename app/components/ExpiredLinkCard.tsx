import { Link } from "@remix-run/react";
import { AuthCard } from "~/components/AuthCard";
import { Notice } from "~/components/ui/Notice";

/**
 * The page of a one-time link that no longer works (a sign-in link, a password reset, a new
 * store's hand-off): why, and a link to where a new one is had.
 */
export function ExpiredLinkCard({
  title,
  notice,
  to,
  linkText,
}: {
  title: string;
  notice: string;
  to: string;
  linkText: string;
}) {
  return (
    <AuthCard title={title}>
      <Notice>{notice}</Notice>
      <p className="mt-6 text-center">
        <Link to={to} className="font-bold text-primary-ink underline underline-offset-4">
          {linkText}
        </Link>
      </p>
    </AuthCard>
  );
}
