/**
 * Isomorphic i18n helpers. The server detects the locale and the root loader sends the active
 * locale's resources (only that one), so the browser never downloads both dictionaries; both
 * sides then build the same i18next instance from that data, which keeps hydration exact.
 */
import { createInstance, type i18n as I18n, type TFunction } from "i18next";
import type en from "~/locales/en.json";

export const LOCALES = ["en", "ar"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
export const NAMESPACE = "translation";

/** The shape of a locale file; `en.json` is the reference every other locale mirrors. */
export type Resources = typeof en;

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

export function localeDir(locale: Locale): "ltr" | "rtl" {
  return locale === "ar" ? "rtl" : "ltr";
}

/** Open Graph locale (DESIGN §7: en_IE, ar_AR in Arabic). */
export function ogLocale(locale: Locale): string {
  return locale === "ar" ? "ar_AR" : "en_IE";
}

// One instance per locale per process (or per browser tab): resources for a locale never change
// at runtime, and an instance is only read during rendering, never switched to another language.
const instances = new Map<Locale, I18n>();

export function getI18n(locale: Locale, resources: Resources): I18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = createInstance();
    // Inline resources + initImmediate:false make init synchronous, so the first render has text.
    void instance.init({
      lng: locale,
      fallbackLng: false,
      supportedLngs: [...LOCALES],
      ns: [NAMESPACE],
      defaultNS: NAMESPACE,
      resources: { [locale]: { [NAMESPACE]: resources } },
      interpolation: { escapeValue: false }, // React escapes
      initImmediate: false,
      react: { useSuspense: false },
    });
    instances.set(locale, instance);
  }
  return instance;
}

export function getT(locale: Locale, resources: Resources): TFunction {
  return getI18n(locale, resources).t;
}

/** The most recently built instance: the error page's last resort when no loader data exists. */
export function lastI18n(): I18n | null {
  return [...instances.values()].at(-1) ?? null;
}
