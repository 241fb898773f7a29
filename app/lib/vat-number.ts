/**
 * VAT registration numbers as each country writes them (issue 35): Saudi Arabia's are 15 digits
 * starting and ending with 3; the UAE's TRN is 15 digits; elsewhere 5–20 letters and digits.
 * Spaces and dashes people type are dropped; Arabic-Indic digits are read as digits.
 */
import { westernDigits } from "~/lib/digits";

/** What was typed, without spaces or dashes and with Western digits. */
export function normalizeVatNumber(typed: string): string {
  return westernDigits(typed).replace(/[\s-]/g, "").toUpperCase();
}

const RULES: Record<string, RegExp> = {
  SA: /^3\d{13}3$/,
  AE: /^\d{15}$/,
};
const ELSEWHERE = /^[A-Z0-9]{5,20}$/;

/** The number as stored, or null when it is not a VAT number of `country`. */
export function validVatNumber(country: string, typed: string): string | null {
  const number = normalizeVatNumber(typed);
  return (RULES[country] ?? ELSEWHERE).test(number) ? number : null;
}
