/**
 * The one money formatter: integer minor units + ISO currency + locale → display string.
 * Latin digits in both locales keep prices identical wherever they are formatted (server or
 * browser ICU) and match what shoppers type into price filters.
 */
import { dictionaryOf, localeDir, type Locale } from "./i18n";

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

/**
 * How ICU writes one currency in one locale, as plain strings: [prefix, suffix, group separator,
 * decimal separator, fraction digits, negative prefix, negative suffix]. The browser formats
 * with these (they ride in the page's dictionary, `moneyPatterns`) instead of Intl: the first
 * Intl.NumberFormat of a page costs 35–70 ms of ICU start-up on the main thread, all of it inside
 * hydration's longest task. Written by scripts/money-patterns.ts; a unit test holds them to Intl.
 */
export type MoneyPattern = [string, string, string, string, number, string, string];

export function formatWithPattern(
  minor: number,
  [prefix, suffix, group, decimal, fraction, negativePrefix, negativeSuffix]: MoneyPattern,
): string {
  const digits = String(Math.abs(minor)).padStart(fraction + 1, "0");
  const whole = digits.slice(0, digits.length - fraction).replace(/\B(?=(\d{3})+$)/g, group);
  const amount = fraction ? whole + decimal + digits.slice(-fraction) : whole;
  return minor < 0 ? negativePrefix + amount + negativeSuffix : prefix + amount + suffix;
}

// Left-to-right isolate: keeps a Latin symbol such as "US$" whole inside right-to-left text,
// where the bidi algorithm would otherwise show it as "$US".
const LRI = "\u2066";
const PDI = "\u2069";
const LATIN = /[A-Za-z]/;

function partsOf(minor: number, currency: string, locale: Locale): Intl.NumberFormatPart[] {
  const parts = formatterFor(currency, locale).formatToParts(toMajorUnits(minor, currency));
  if (localeDir(locale) === "ltr") return parts;
  return parts.map((part) =>
    part.type === "currency" && LATIN.test(part.value)
      ? { ...part, value: `${LRI}${part.value}${PDI}` }
      : part,
  );
}

/** The pattern of `currency` in `locale` as Intl writes it (what scripts/money-patterns.ts stores). */
export function moneyPattern(currency: string, locale: Locale): MoneyPattern {
  const fraction = currencyDigits(currency);
  const around = (minor: number) => {
    const found = { prefix: "", suffix: "", group: "", decimal: "" };
    let inNumber = false;
    for (const part of partsOf(minor, currency, locale)) {
      if (part.type === "integer" || part.type === "fraction") inNumber = true;
      else if (part.type === "group") found.group = part.value;
      else if (part.type === "decimal") found.decimal = part.value;
      else if (inNumber) found.suffix += part.value;
      else found.prefix += part.value;
    }
    return found;
  };
  // Seven digits before the point: two group separators.
  const positive = around(1_234_567 * 10 ** fraction + (fraction ? 1 : 0));
  const negative = around(-(1_234_567 * 10 ** fraction + (fraction ? 1 : 0)));
  return [
    positive.prefix,
    positive.suffix,
    positive.group,
    positive.decimal,
    fraction,
    negative.prefix,
    negative.suffix,
  ];
}

/**
 * Server: Intl. Browser: the dictionary's pattern, so no page starts ICU to show a price (and
 * the Intl code stays out of its JavaScript). Every store currency has one
 * (tests/unit/money-patterns.test.ts); anything else would be written plainly.
 */
export function formatMoney(minor: number, currency: string, locale: Locale): string {
  // `import.meta.env` is Vite's: outside a Vite build (tests, scripts run by tsx) it is undefined,
  // and only the browser build sets SSR to false.
  if (import.meta.env?.SSR !== false) return formatMoneyWithIntl(minor, currency, locale);
  const patterns = dictionaryOf(locale)?.moneyPatterns as Record<string, MoneyPattern> | undefined;
  return formatWithPattern(
    minor,
    patterns?.[currency] ?? [`${currency} `, "", ",", ".", 2, `-${currency} `, ""],
  );
}

export function formatMoneyWithIntl(minor: number, currency: string, locale: Locale): string {
  return partsOf(minor, currency, locale)
    .map((part) => part.value)
    .join("");
}
