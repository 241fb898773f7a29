import { Link } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { Button } from "~/components/ui/Button";
import type { Shell } from "~/lib/shell";
import { LanguageSwitch } from "./LanguageSwitch";
import { ThemeSwitch } from "./ThemeSwitch";

/** The platform host's header: its name, language, theme and staff sign-in. */
export function PlatformHeader({ shell }: { shell: Shell }) {
  const { t } = useTranslation();
  return (
    <header className="border-b border-line border-t-4 border-t-primary">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3 px-4 py-3">
        <Link to="/" className="me-auto rounded-md text-2xl font-extrabold text-primary-ink">
          {t("app.platformName")}
        </Link>
        <LanguageSwitch locale={shell.locale} />
        <ThemeSwitch theme={shell.theme} />
        <Button to="/login" variant="nav" className="px-3">
          {t("platform.login")}
        </Button>
      </div>
    </header>
  );
}

/** The platform host's footer. */
export function PlatformFooter({ year }: { year: number }) {
  const { t } = useTranslation();
  return (
    <footer className="mt-auto border-t border-line">
      <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-muted">
        {t("footer.copyright", { year, store: t("app.platformName") })}
      </p>
    </footer>
  );
}
