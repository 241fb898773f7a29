/**
 * The one money formatter: integer minor units + ISO currency + locale → display string.
 * Latin digits in both locales keep prices identical wherever they are formatted (server or
 * browser ICU) and match what shoppers type into price filters.
 */
import { localeDir, type Locale } from "./i18n";

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: string, locale: Locale): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: "currency", currency, numberingSystem: "latn" });
    formatters.set(key, formatter);
  }
  return formatter;
}

const digits = new Map<string, number>();

/** Digits after the decimal point for a currency: 2 for USD, 0 for JPY, 3 for KWD. */
export function currencyDigits(currency: string): number {
  let count = digits.get(currency);
  if (count === undefined) {
    count = formatterFor(currency, "en").resolvedOptions().maximumFractionDigits ?? 2;
    digits.set(currency, count);
  }
  return count;
}

export function toMajorUnits(minor: number, currency: string): number {
  return minor / 10 ** currencyDigits(currency);
}

// Left-to-right isolate: keeps a Latin symbol such as "US$" whole inside right-to-left text,
// where the bidi algorithm would otherwise show it as "$US".
const LRI = "\u2066";
const PDI = "\u2069";
const LATIN = /[A-Za-z]/;

export function formatMoney(minor: number, currency: string, locale: Locale): string {
  const formatter = formatterFor(currency, locale);
  const amount = toMajorUnits(minor, currency);
  if (localeDir(locale) === "ltr") return formatter.format(amount);
  return formatter
    .formatToParts(amount)
    .map((part) =>
      part.type === "currency" && LATIN.test(part.value) ? `${LRI}${part.value}${PDI}` : part.value,
    )
    .join("");
}
