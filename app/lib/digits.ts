/**
 * Arabic-Indic (٠–٩) and Extended Arabic-Indic / Persian (۰–۹) digits read as 0–9: what a shopper
 * or owner types on an Arabic keyboard into a number field (a phone, a VAT number).
 */
const EASTERN_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

export function westernDigits(text: string): string {
  // Both ranges start at a code point ending in 0: the low four bits are the digit.
  return text.replace(EASTERN_DIGITS, (digit) => String(digit.charCodeAt(0) & 0xf));
}
