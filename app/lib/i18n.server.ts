/**
 * Server side of i18n: locale detection (DESIGN: `?lng=` query, `lng` cookie, the store's
 * default locale, then English) and the dictionaries, which only the server imports.
 */
import { createCookie } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import ar from "~/locales/ar.json";
import en from "~/locales/en.json";
import { cookieDefaults } from "./cookies.server";
import type { TFunction } from "i18next";
import {
  DEFAULT_LOCALE,
  getT,
  LOCALES,
  NAMESPACE,
  isLocale,
  provideDictionary,
  type Locale,
  type Resources,
} from "./i18n";

const RESOURCES: Record<Locale, Resources> = { en, ar };
for (const locale of LOCALES) provideDictionary(locale, RESOURCES[locale]);

export const localeCookie = createCookie("lng", {
  ...cookieDefaults,
  maxAge: 60 * 60 * 24 * 365,
});

// remix-i18next falls back to one fixed language; the fallback here is the store's default
// locale, so there is one detector per possible default (both are cheap and stateless).
function detectorFor(fallbackLanguage: Locale) {
  return new RemixI18Next({
    detection: {
      supportedLanguages: [...LOCALES],
      fallbackLanguage,
      cookie: localeCookie,
      searchParamKey: "lng",
      order: ["searchParams", "cookie"],
    },
    i18next: {
      supportedLngs: [...LOCALES],
      fallbackLng: DEFAULT_LOCALE,
      defaultNS: NAMESPACE,
      resources: { en: { [NAMESPACE]: en }, ar: { [NAMESPACE]: ar } },
      interpolation: { escapeValue: false },
    },
  });
}

const detectors: Record<Locale, RemixI18Next> = { en: detectorFor("en"), ar: detectorFor("ar") };

/**
 * The reader's language, resolved once per request for the load context: `?lng=`, then the `lng`
 * cookie, then the store's default locale.
 */
export async function localeFor(
  url: URL,
  cookieHeader: string | null,
  storeDefault: Locale,
): Promise<Locale> {
  const chosen = url.searchParams.get("lng");
  if (isLocale(chosen)) return chosen;
  const remembered: unknown = cookieHeader ? await localeCookie.parse(cookieHeader) : null;
  return isLocale(remembered) ? remembered : storeDefault;
}

export async function detectLocale(request: Request, storeDefault: Locale = DEFAULT_LOCALE): Promise<Locale> {
  const locale = await detectors[storeDefault].getLocale(request);
  return isLocale(locale) ? locale : DEFAULT_LOCALE;
}

/** A Set-Cookie value remembering `?lng=`, or null when the URL does not choose a language. */
export async function localeCookieFromQuery(request: Request): Promise<string | null> {
  const chosen = new URL(request.url).searchParams.get("lng");
  return isLocale(chosen) ? localeCookie.serialize(chosen) : null;
}

export function resourcesFor(locale: Locale): Resources {
  return RESOURCES[locale];
}

/**
 * A translate function for server-only text (the product page's structured data): the one
 * pages render with (i18n.ts, one per locale per process; held to i18next's output by
 * tests/unit/shell-i18n.test.ts). Asking remix-i18next built a new i18next instance per call,
 * a visible part of every product page's render (issue 19).
 */
export function getServerT(locale: Locale): TFunction {
  return getT(locale);
}
