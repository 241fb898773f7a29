/**
 * Writes `moneyPatterns` into each locale's dictionary (app/locales/*.json): how ICU writes every
 * store currency in that locale, so the browser formats prices without Intl (app/lib/money.ts).
 * Run after adding a currency or a locale, or when tests/unit/money-patterns.test.ts says ICU
 * changed: `npx tsx scripts/money-patterns.ts`.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { format } from "prettier";
import { LOCALES } from "../app/lib/i18n";
import { moneyPattern } from "../app/lib/money";
import { STORE_CURRENCIES } from "../app/lib/validation/admin-settings";

for (const locale of LOCALES) {
  const file = path.resolve("app/locales", `${locale}.json`);
  const dictionary = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
  dictionary.moneyPatterns = Object.fromEntries(
    STORE_CURRENCIES.map((currency) => [currency, moneyPattern(currency, locale)]),
  );
  writeFileSync(file, await format(JSON.stringify(dictionary, null, 2), { filepath: file }));
  console.log(`${file}: ${STORE_CURRENCIES.length} currencies`);
}
