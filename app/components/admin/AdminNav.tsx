import { Link, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { cn } from "~/lib/cn";
import type { loader as adminLayoutLoader } from "~/routes/admin";
import { currentEntry, navFor } from "./nav-entries";

/** The admin menu: SPEC's entries in order, the current one marked for eyes and screen readers. */
export function AdminNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = currentEntry(pathname);
  // The counts come with the admin layout's data (absent on a page rendered without it).
  const layout = useRouteLoaderData<typeof adminLayoutLoader>("routes/admin");
  const counts = layout?.navCounts;
  // Only what the person's role opens (decision 041); the layout's data says what it holds.
  const entries = navFor(layout?.permissions ?? []);
  return (
    // With a mouse on a desktop the entries are compact (32 px), so all 18 and 'Powered by' fit in
    // a 900 px tall window; a finger's targets stay 44 px tall.
    <ul className="flex flex-col gap-1 lg:pointer-fine:gap-0">
      {entries.map((entry) => {
        const active = entry.to === current;
        return (
          <li key={entry.to}>
            <Link
              to={entry.to}
              onClick={onNavigate}
              aria-current={active ? "page" : undefined}
              className={cn(
                "flex min-h-11 items-center rounded-md px-3 font-bold hover:bg-page lg:pointer-fine:min-h-8",
                active && "bg-primary text-on-primary hover:bg-primary",
              )}
            >
              {t(entry.labelKey)}
              {entry.count && counts && counts[entry.count] > 0 ? (
                <>
                  <span
                    aria-hidden="true"
                    className={cn(
                      "ms-auto rounded-full px-2 text-sm tabular-nums",
                      active ? "bg-on-primary text-primary" : "bg-primary text-on-primary",
                    )}
                  >
                    {counts[entry.count]}
                  </span>
                  <span className="sr-only">
                    {` (${t("reviewModeration.navCount", { count: counts[entry.count] })})`}
                  </span>
                </>
              ) : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
