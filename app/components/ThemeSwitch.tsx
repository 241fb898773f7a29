import { Form, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/lib/use-translation";
import { Button } from "~/components/ui/Button";
import type { Theme } from "~/lib/theme";

/**
 * A plain POST form, so it works without JavaScript; the action sets the cookie and comes back.
 * `compact`: the icon alone from 640 px (the header's one row), named by its label.
 */
export function ThemeSwitch({ theme, compact = false }: { theme: Theme; compact?: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const next: Theme = theme === "dark" ? "light" : "dark";
  return (
    <Form method="post" action="/resources/theme" replace preventScrollReset>
      <input type="hidden" name="theme" value={next} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <Button
        variant="secondary"
        className={compact ? "px-3 sm:w-11 sm:px-0" : "px-3"}
        aria-label={t(next === "dark" ? "header.theme.toDarkLabel" : "header.theme.toLightLabel")}
      >
        {next === "dark" ? <MoonIcon /> : <SunIcon />}
        <span className={compact ? "sm:hidden" : undefined}>
          {t(next === "dark" ? "header.theme.toDark" : "header.theme.toLight")}
        </span>
      </Button>
    </Form>
  );
}

/** An 18 px line icon drawn in the text's color. */
function LineIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      {children}
    </svg>
  );
}

function MoonIcon() {
  return (
    <LineIcon>
      <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" strokeLinecap="round" strokeLinejoin="round" />
    </LineIcon>
  );
}

function SunIcon() {
  return (
    <LineIcon>
      <circle cx="12" cy="12" r="4" />
      <path
        d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4"
        strokeLinecap="round"
      />
    </LineIcon>
  );
}
