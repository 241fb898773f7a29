/** Builds the root loader's shell: everything a page needs before any page data. */
import type { AppLoadContext } from "@remix-run/node";
import { DEFAULT_PRIMARY, DEFAULT_SECONDARY } from "./brand";
import { DEFAULT_LOCALE, localeDir, type Locale } from "./i18n";
import { detectLocale, localeCookieFromQuery } from "./i18n.server";
import type { Shell } from "./shell";
import { getTheme } from "./theme.server";

type Tenant = AppLoadContext["tenant"];

/**
 * The request's locale: `?lng=`, the `lng` cookie, the store's default locale, then English.
 * Loaders and actions get it as `locale` from the load context instead.
 */
function requestLocale(request: Request, tenant: Tenant): Promise<Locale> {
  return detectLocale(request, tenant.kind === "store" ? tenant.store.defaultLocale : DEFAULT_LOCALE);
}

/** The shell, plus a Set-Cookie remembering `?lng=` (appended to `headers`). */
export async function buildShell(request: Request, tenant: Tenant, headers: Headers): Promise<Shell> {
  const [locale, theme, lngCookie] = await Promise.all([
    requestLocale(request, tenant),
    getTheme(request),
    localeCookieFromQuery(request),
  ]);
  if (lngCookie) headers.append("Set-Cookie", lngCookie);
  const store = tenant.kind === "store" ? tenant.store : null;
  return {
    locale,
    dir: localeDir(locale),
    theme,
    origin: new URL(request.url).origin,
    brand: {
      primaryColor: store?.branding.primaryColor ?? DEFAULT_PRIMARY,
      secondaryColor: store?.branding.secondaryColor ?? DEFAULT_SECONDARY,
    },
    siteName: store?.name ?? null,
  };
}
