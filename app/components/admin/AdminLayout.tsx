import type { ReactNode } from "react";
import { useTranslation } from "~/lib/use-translation";
import { MAIN_ID, SkipLink } from "~/components/SkipLink";
import { AdminDrawer, ADMIN_NAV_ID } from "./AdminDrawer";
import { AdminSidebar, type AdminPerson } from "./AdminSidebar";

/**
 * The admin frame (SPEC §2): a fixed sidebar from 1024 px; below, a top bar whose menu button
 * opens the same sidebar as a drawer. Without JavaScript the button is a link to #admin-nav and
 * the sidebar shows itself under the top bar while it is the URL's target.
 */
export function AdminLayout({
  storeName,
  admin,
  children,
}: {
  storeName: string;
  admin: AdminPerson;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <SkipLink />
      <header className="sticky top-0 z-30 flex min-h-14 items-center gap-2 border-b border-line bg-page px-2 lg:hidden">
        <AdminDrawer storeName={storeName} admin={admin} />
        <span className="truncate font-extrabold text-primary-ink">
          <bdi>{storeName}</bdi>
        </span>
      </header>
      <aside
        id={ADMIN_NAV_ID}
        aria-label={t("admin.sidebar")}
        className="hidden border-line bg-card target:block max-lg:border-b lg:fixed lg:inset-y-0 lg:start-0 lg:block lg:w-72 lg:overflow-y-auto lg:border-e"
      >
        <AdminSidebar storeName={storeName} admin={admin} />
      </aside>
      <main id={MAIN_ID} tabIndex={-1} className="grow focus:outline-none lg:ms-72">
        {children}
      </main>
    </>
  );
}
