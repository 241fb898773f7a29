import { Form, Link } from "@remix-run/react";
import { useEffect, useRef, useState, type RefObject } from "react";
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
  const navRef = useRef<HTMLElement>(null);
  const moreBelow = useMoreBelow(navRef);
  return (
    <div className="flex h-full flex-col gap-4 p-4 lg:gap-3 lg:py-3">
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
      {/*
       * On a desktop the menu's entries are compact enough for all of them to show at 1280×900 with
       * 'Powered by' in view; on a shorter window the menu scrolls inside the sidebar, and a cue over
       * its last visible entry says there is more below.
       */}
      <div className="relative flex min-h-0 flex-col lg:flex-1">
        <nav
          ref={navRef}
          aria-label={t("admin.menu")}
          className="lg:-mx-1 lg:min-h-0 lg:flex-1 lg:overflow-y-auto lg:px-1"
        >
          <AdminNav onNavigate={onNavigate} />
        </nav>
        {moreBelow ? (
          <p
            aria-hidden="true"
            data-testid="admin-nav-more"
            className="pointer-events-none absolute inset-x-0 bottom-0 flex items-end justify-center pt-6 text-sm font-bold text-muted"
            style={{ background: "linear-gradient(to top, var(--color-card) 45%, transparent)" }}
          >
            {t("admin.moreBelow")} <span className="ms-1">↓</span>
          </p>
        ) : null}
      </div>
      <AccountTools />
      <PoweredBy />
    </div>
  );
}

/** Whether a scrolling box has more below what it shows (false where it does not scroll). */
function useMoreBelow(ref: RefObject<HTMLElement | null>): boolean {
  const [more, setMore] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const check = () => setMore(box.scrollHeight - box.scrollTop - box.clientHeight > 1);
    check();
    box.addEventListener("scroll", check, { passive: true });
    const observer = new ResizeObserver(check);
    observer.observe(box);
    return () => {
      box.removeEventListener("scroll", check);
      observer.disconnect();
    };
  }, [ref]);
  return more;
}

/** Language, theme and signing out: the store header is not shown in the admin area. */
function AccountTools() {
  const { t } = useTranslation();
  const { shell } = useRootData();
  return (
    <div className="flex shrink-0 flex-wrap items-center gap-2 border-t border-line pt-4 lg:pt-3">
      <LanguageSwitch locale={shell.locale} />
      {/* An icon with its name for screen readers, so the three fit on one line. */}
      <ThemeSwitch theme={shell.theme} compact />
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
    <p className="mt-auto flex shrink-0 flex-wrap items-center gap-x-2 gap-y-1 border-t border-line pt-4 text-sm text-muted lg:pt-3">
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
