/** City names compared the way the shipping zones match them (issue 33). */

/**
 * Folds a typed city name for comparison: case, Latin diacritics, Arabic diacritics (tashkeel,
 * tatweel), alef/ya/ta-marbuta variants, "al-"/"ال" prefixes, spaces and punctuation.
 */
export function foldCityName(value: string): string {
  let s = value.normalize("NFKD").toLowerCase();
  s = s.replace(/[\u0300-\u036f]/g, ""); // Latin combining marks
  s = s.replace(/[\u064b-\u065f\u0670\u0640]/g, ""); // tashkeel, superscript alef, tatweel
  s = s
    .replace(/[أإآٱ]/g, "ا")
    .replace(/ى/g, "ي")
    .replace(/ة/g, "ه")
    .replace(/ؤ/g, "و")
    .replace(/ئ/g, "ي");
  s = s.replace(/[^\p{L}\p{N}]+/gu, " ").trim();
  s = s.replace(/^(al|el|ad|ar|as|ash|at|az) /, "").replace(/^ال(?=\S{2,})/, "");
  return s.replace(/\s+/g, "");
}

/** A country's name in a language (ISO 3166-1 alpha-2 → "Egypt" / "مصر"); the code when unknown. */
export function countryName(code: string, locale: "en" | "ar"): string {
  try {
    return new Intl.DisplayNames([locale], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}
