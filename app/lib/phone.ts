/**
 * A typed mobile number in E.164 for the address's country (issue 34, decision 040): what the
 * store's refusal history keys on, and what checkout refuses for Cash On Delivery when it is not a
 * mobile number of that country. Isomorphic and dependency-free (no phone library in the browser
 * bundle): the Gulf markets the storefront serves have exact rules below; other countries a
 * general one (their calling code, a national number of 6 to 14 digits).
 *
 * What a shopper types is read the way they mean it: Arabic-Indic (٠-٩) and Persian (۰-۹) digits,
 * spaces, dashes, dots, brackets and direction marks, a leading + or 00 (then the country's
 * code must be the address country's), the code without + ("9665…"), and the local trunk 0
 * ("05…" in Saudi Arabia, also after the code: "+966 05…").
 */
import { westernDigits } from "./digits";

interface MobileRule {
  /** The country calling code, digits only. */
  code: string;
  /** The national mobile number, without the trunk 0. */
  mobile: RegExp;
}

/** Countries with exact mobile number rules (national significant number). */
const MOBILE_RULES: Record<string, MobileRule> = {
  SA: { code: "966", mobile: /^5\d{8}$/ },
  AE: { code: "971", mobile: /^5[0-9]\d{7}$/ },
  KW: { code: "965", mobile: /^(?:[569]\d{7}|41\d{6})$/ },
  BH: { code: "973", mobile: /^(?:3\d{7}|6[36]\d{6})$/ },
  QA: { code: "974", mobile: /^[3567]\d{7}$/ },
  OM: { code: "968", mobile: /^[79]\d{7}$/ },
  EG: { code: "20", mobile: /^1[0125]\d{8}$/ },
  JO: { code: "962", mobile: /^7[789]\d{7}$/ },
  IQ: { code: "964", mobile: /^7\d{9}$/ },
  LB: { code: "961", mobile: /^(?:3\d{6}|7[01689]\d{6}|81\d{6})$/ },
  MA: { code: "212", mobile: /^[67]\d{8}$/ },
};

/** Calling codes of other countries: the general rule (any 6 to 14 digit national number). */
const CALLING_CODES: Record<string, string> = {
  US: "1",
  CA: "1",
  GB: "44",
  FR: "33",
  DE: "49",
  IT: "39",
  ES: "34",
  NL: "31",
  TR: "90",
  IN: "91",
  PK: "92",
  PH: "63",
  ID: "62",
  MY: "60",
  SG: "65",
  AU: "61",
  YE: "967",
  SY: "963",
  PS: "970",
  SD: "249",
  LY: "218",
  TN: "216",
  DZ: "213",
};

const SEPARATORS = /[\s\u00A0().\-\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** Whether the text is a phone number at all (digits of any script, separators, a leading +). */
export function looksLikePhone(typed: string): boolean {
  const text = westernDigits(typed).replace(SEPARATORS, "");
  return /^\+?\d{6,15}$/.test(text);
}

/**
 * The typed number as E.164 ("+9665…") when it is a mobile number of `country` (ISO 3166 alpha-2),
 * else null. A country without a rule or calling code: only a number typed with + or 00.
 */
export function normalizeMobile(typed: string, country: string): string | null {
  let text = westernDigits(typed).replace(SEPARATORS, "");
  let international = false;
  if (text.startsWith("+")) {
    international = true;
    text = text.slice(1);
  } else if (text.startsWith("00")) {
    international = true;
    text = text.slice(2);
  }
  if (!/^\d{4,17}$/.test(text)) return null;
  const rule = MOBILE_RULES[country.toUpperCase()];
  const code = rule?.code ?? CALLING_CODES[country.toUpperCase()];
  if (!code) {
    // No rule for this country: an international number as typed, 8 to 15 digits.
    return international && /^[1-9]\d{7,14}$/.test(text) ? `+${text}` : null;
  }
  let national: string;
  if (international) {
    if (!text.startsWith(code)) return null;
    national = text.slice(code.length);
  } else if (text.startsWith(code) && (!rule || !rule.mobile.test(text.replace(/^0/, "")))) {
    // The code typed without + or 00 ("9665…"), unless the digits are a national number already.
    national = text.slice(code.length);
  } else national = text;
  // The trunk 0 of a local number ("05…"), also typed after the code ("+966 05…").
  if (national.startsWith("0") && code !== "39") national = national.slice(1);
  if (rule) return rule.mobile.test(national) ? `+${code}${national}` : null;
  return /^[1-9]\d{5,13}$/.test(national) && code.length + national.length <= 15
    ? `+${code}${national}`
    : null;
}
