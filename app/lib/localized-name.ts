import type { Locale } from "~/lib/i18n";

/** Picks the text for `locale`, falling back to English when the Arabic text is empty. */
export function localized(en: string, ar: string, locale: Locale): string {
  return locale === "ar" && ar.trim() ? ar : en;
}

/** A bilingual record's name in the reader's language: Arabic when set and asked for, else English. */
export function localeName(row: { nameEn: string; nameAr: string }, language: string): string {
  return localized(row.nameEn, row.nameAr, language === "ar" ? "ar" : "en");
}
