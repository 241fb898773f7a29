import { NavLink } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { cn } from "~/lib/cn";

const TABS = [
  { to: "/admin/sales", labelKey: "admin.salesTabs.campaigns", end: true },
  { to: "/admin/sales/report", labelKey: "admin.salesTabs.report", end: false },
] as const;

/** The two halves of /admin/sales: the campaigns and the sales report for a date range. */
export function SalesTabs() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("admin.salesTabs.label")} className="flex gap-2 border-b border-line">
      {TABS.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          end={tab.end}
          className={({ isActive }) =>
            cn(
              "-mb-px border-b-2 px-3 py-2 font-semibold",
              isActive ? "border-primary text-primary" : "border-transparent text-muted hover:text-ink",
            )
          }
        >
          {t(tab.labelKey)}
        </NavLink>
      ))}
    </nav>
  );
}
