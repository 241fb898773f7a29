/**
 * The browser formats prices from the dictionary's `moneyPatterns` (app/lib/money.ts), the server
 * with Intl: both must write every price the same, or hydration would find other text than the
 * server sent. Each store currency in each locale, for amounts from zero to a billion, negative
 * ones too.
 */
import { describe, expect, it } from "vitest";
import { LOCALES } from "~/lib/i18n";
import { formatMoneyWithIntl, formatWithPattern, moneyPattern, type MoneyPattern } from "~/lib/money";
import { STORE_CURRENCIES } from "~/lib/validation/admin-settings";
import ar from "~/locales/ar.json";
import en from "~/locales/en.json";

const dictionaries = { en, ar };
const AMOUNTS = [
  0, 1, 5, 10, 99, 100, 101, 999, 1_000, 1_099, 12_345, 100_000, 123_456, 999_999, 1_000_000, 2_879, 3_299,
  123_456_789, 100_000_000_000, -1, -250, -99_999, -123_456_789,
];

describe("money patterns", () => {
  for (const locale of LOCALES) {
    for (const currency of STORE_CURRENCIES) {
      it(`${currency} in ${locale}: the dictionary's pattern is Intl's, and writes every amount as Intl does`, () => {
        const stored = (dictionaries[locale].moneyPatterns as unknown as Record<string, MoneyPattern>)[
          currency
        ];
        expect(stored, "run: npx tsx scripts/money-patterns.ts").toEqual(moneyPattern(currency, locale));
        for (const minor of AMOUNTS) {
          expect(formatWithPattern(minor, stored!), `${minor}`).toBe(
            formatMoneyWithIntl(minor, currency, locale),
          );
        }
      });
    }
  }

  it("a currency without fraction digits", () => {
    const pattern: MoneyPattern = ["¥", "", ",", ".", 0, "-¥", ""];
    expect(formatWithPattern(1_234_567, pattern)).toBe("¥1,234,567");
    expect(formatWithPattern(-5, pattern)).toBe("-¥5");
  });
});
