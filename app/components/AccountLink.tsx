import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { buttonClass } from "~/components/ui/Button";
import { useOptionalRootData } from "~/lib/root-data";
import { Avatar } from "./ui/Avatar";

/**
 * "Log in" for visitors (coming back here after), the account for a signed-in shopper or admin.
 * The account link is the avatar alone unless `labelled` (the phone's menu drawer).
 */
export function AccountLink({
  className = "",
  labelled = false,
}: {
  className?: string;
  labelled?: boolean;
}) {
  const { t } = useTranslation();
  const viewer = useOptionalRootData()?.viewer;
  const location = useLocation();
  const base = buttonClass({ variant: "nav", className });
  if (!viewer) {
    const here = `${location.pathname}${location.search}`;
    const onAuthPage = /^\/(login|signup|forgot-password|reset-password)/.test(location.pathname);
    const to = here === "/" || onAuthPage ? "/login" : `/login?${new URLSearchParams({ redirectTo: here })}`;
    return (
      <Link to={to} className={base}>
        {t("header.login")}
      </Link>
    );
  }
  return (
    <>
      {viewer.isAdmin ? (
        <Link to="/admin/dashboard" className={base}>
          {t("admin.dashboard")}
        </Link>
      ) : null}
      <Link to="/orders" className={`${base} whitespace-nowrap`}>
        {t("orders.myOrders")}
      </Link>
      <Link to="/profile" className={base} aria-label={t("auth.account")}>
        <Avatar name={viewer.name} initial={viewer.initial} imageId={viewer.imageId} size={32} />
        {labelled ? <span>{t("auth.account")}</span> : null}
      </Link>
    </>
  );
}
