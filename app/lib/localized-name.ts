/** A bilingual record's name in the reader's language: Arabic when set and asked for, else English. */
export function localeName(row: { nameEn: string; nameAr: string }, language: string): string {
  return language === "ar" && row.nameAr.trim() ? row.nameAr : row.nameEn;
}
