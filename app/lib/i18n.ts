/**
 * Isomorphic i18n helpers. The server holds every dictionary (i18n.server.ts provides them); the
 * browser fetches only the page's locale, as a fingerprinted static file cached for a year
 * (entry.client.tsx, before hydrating), so no page's HTML or loader data carries a dictionary.
 * Both sides build the same instance from the same dictionary, which keeps hydration exact.
 */
import type { i18n as I18n, TFunction } from "i18next";
import type en from "~/locales/en.json";
import { createTranslator, type Translate } from "./translate";

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

/**
 * An i18next-shaped instance (what `useTranslation` and the server's helpers read),
 * backed by `createTranslator`. The language is fixed per instance: switching languages is a
 * navigation (`?lng=`), after which the root hands over the other locale's instance.
 */
function createInstance(locale: Locale, resources: Resources): I18n {
  const t = createTranslator(locale, resources);
  const prefixed =
    (prefix: string): Translate =>
    (key, options) =>
      t(Array.isArray(key) ? key.map((k) => `${prefix}.${k}`) : `${prefix}.${key}`, options);
  const noop = () => {};
  const instance = {
    language: locale,
    languages: [locale],
    resolvedLanguage: locale,
    isInitialized: true,
    options: {
      lng: locale,
      ns: [NAMESPACE],
      defaultNS: NAMESPACE,
      interpolation: { escapeValue: false },
      // No events to bind: an instance never changes language or loads anything.
      react: { useSuspense: false, bindI18n: "", bindI18nStore: "" },
    },
    t,
    getFixedT: (_lng?: unknown, _ns?: unknown, keyPrefix?: string) => (keyPrefix ? prefixed(keyPrefix) : t),
    exists: (key: string) => t(key, { defaultValue: "\u0000" }) !== "\u0000",
    hasLoadedNamespace: () => true,
    loadNamespaces: (_ns: unknown, callback?: () => void) => callback?.(),
    dir: () => localeDir(locale),
    changeLanguage: () => Promise.reject(new Error("The language changes by navigating with ?lng=")),
    on: noop,
    off: noop,
    store: { on: noop, off: noop },
  };
  return instance as unknown as I18n;
}

const dictionaries = new Map<Locale, Resources>();

/** Makes a locale's dictionary available to `getI18n` (server: all of them; browser: the page's). */
export function provideDictionary(locale: Locale, resources: Resources): void {
  dictionaries.set(locale, resources);
}

export function dictionaryOf(locale: Locale): Resources | undefined {
  return dictionaries.get(locale);
}

export function hasDictionary(locale: Locale): boolean {
  return dictionaries.has(locale);
}

// One instance per locale per process (or per browser tab): resources for a locale never change
// at runtime, and an instance is only read during rendering.
const instances = new Map<Locale, I18n>();

export function getI18n(locale: Locale): I18n {
  let instance = instances.get(locale);
  if (!instance) {
    const resources = dictionaries.get(locale);
    if (!resources) throw new Error(`No dictionary loaded for locale "${locale}"`);
    instance = createInstance(locale, resources);
    instances.set(locale, instance);
  }
  return instance;
}

export function getT(locale: Locale): TFunction {
  return getI18n(locale).t;
}

/** The most recently built instance: the error page's last resort when no loader data exists. */
export function lastI18n(): I18n | null {
  return [...instances.values()].at(-1) ?? null;
}
