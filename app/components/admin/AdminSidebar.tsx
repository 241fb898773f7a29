import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { LanguageSwitch } from "~/components/LanguageSwitch";
import { ThemeSwitch } from "~/components/ThemeSwitch";
import { Avatar } from "~/components/ui/Avatar";
import { Button } from "~/components/ui/Button";
import { useRootData } from "~/lib/root-data";
import { AdminNav } from "./AdminNav";

export interface AdminPerson {
  name: string;
  email: string;
  imageId: string | null;
}

/**
 * The sidebar's content, shared by the fixed desktop sidebar and the small-screen drawer: the
 * store's name, the avatar (opens the profile), the menu and the 'Powered by' footer.
 */
export function AdminSidebar({
  storeName,
  admin,
  onNavigate,
}: {
  storeName: string;
  admin: AdminPerson;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex h-full flex-col gap-4 p-4">
      {/* The name keeps its own direction (<bdi>) but lines up with the page's start: the right in Arabic. */}
      <Link to="/" className="shrink-0 text-xl font-extrabold text-primary-ink" onClick={onNavigate}>
        <bdi>{storeName}</bdi>
      </Link>
      <Link
        to="/admin/profile"
        onClick={onNavigate}
        aria-label={t("admin.openProfile")}
        className="flex min-h-11 shrink-0 items-center gap-3 rounded-md p-2 hover:bg-page"
      >
        <Avatar name={admin.name} imageId={admin.imageId} size={40} />
        <span className="min-w-0">
          <span className="block truncate font-bold" dir="auto">
            {admin.name}
          </span>
          <span className="block truncate text-sm text-muted">{admin.email}</span>
        </span>
      </Link>
      {/* On a desktop the menu scrolls inside the sidebar, so 'Powered by' stays in view at 900 px. */}
      <nav aria-label={t("admin.menu")} className="lg:-mx-1 lg:min-h-0 lg:flex-1 lg:overflow-y-auto lg:px-1">
        <AdminNav onNavigate={onNavigate} />
      </nav>
      <AccountTools />
      <PoweredBy />
    </div>
  );
}

/** Language, theme and signing out: the store header is not shown in the admin area. */
function AccountTools() {
  const { t } = useTranslation();
  const { shell } = useRootData();
  return (
    <div className="flex shrink-0 flex-wrap items-center gap-2 border-t border-line pt-4">
      <LanguageSwitch locale={shell.locale} />
      <ThemeSwitch theme={shell.theme} />
      <Form method="post" action="/logout">
        <Button variant="secondary" size="sm">
          {t("auth.logout")}
        </Button>
      </Form>
    </div>
  );
}

/** The platform's mark under every admin menu. */
function PoweredBy() {
  const { t } = useTranslation();
  return (
    <p className="mt-auto flex shrink-0 flex-wrap items-center gap-x-2 gap-y-1 border-t border-line pt-4 text-sm text-muted">
      <span className="whitespace-nowrap">{t("app.poweredBy")}</span>
      <span className="inline-flex items-center gap-1 whitespace-nowrap font-bold text-ink">
        <span
          aria-hidden="true"
          className="inline-flex size-6 items-center justify-center rounded bg-primary text-xs font-extrabold text-on-primary"
        >
          S
        </span>
        {t("app.platformName")}
      </span>
    </p>
  );
}
