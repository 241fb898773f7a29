import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/lib/use-translation";
import { Button } from "~/components/ui/Button";
import type { Shell } from "~/lib/shell";
import { LanguageSwitch } from "./LanguageSwitch";
import { MAIN_ID, SkipLink } from "./SkipLink";
import { ThemeSwitch } from "./ThemeSwitch";

/** The platform host's frame (landing, sign-up, staff pages). */
export function PlatformLayout({
  shell,
  year,
  children,
}: {
  shell: Shell;
  year: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const name = t("app.platformName");
  return (
    <>
      <SkipLink />
      <header className="border-b border-line border-t-4 border-t-primary">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3 px-4 py-3">
          <Link to="/" className="me-auto rounded-md text-2xl font-extrabold text-primary-ink">
            {name}
          </Link>
          <LanguageSwitch locale={shell.locale} />
          <ThemeSwitch theme={shell.theme} />
          <Button to="/login" variant="nav" className="px-3">
            {t("platform.login")}
          </Button>
        </div>
      </header>
      <main id={MAIN_ID} tabIndex={-1} className="grow focus:outline-none">
        {children}
      </main>
      <footer className="mt-auto border-t border-line">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-muted">
          {t("footer.copyright", { year, store: name })}
        </p>
      </footer>
    </>
  );
}
