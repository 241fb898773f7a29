import { describe, expect, it } from "vitest";
import { currencyDigits, formatMoney } from "~/lib/money";

const strip = (text: string) =>
  text.replace(/[\u200e\u200f\u2066-\u2069\u061c]/g, "").replace(/\u00a0/g, " ");

describe("formatMoney", () => {
  it("formats minor units in English", () => {
    expect(formatMoney(1250, "USD", "en")).toBe("$12.50");
    expect(formatMoney(0, "USD", "en")).toBe("$0.00");
    expect(formatMoney(123456789, "USD", "en")).toBe("$1,234,567.89");
  });

  it("formats in Arabic with Latin digits and an intact currency symbol", () => {
    const text = formatMoney(1250, "USD", "ar");
    expect(strip(text)).toBe("12.50 US$");
    // The symbol is isolated left-to-right so it does not render as "$US" in RTL text.
    expect(text).toContain("\u2066US$\u2069");
  });

  it("knows currencies without or with more decimals", () => {
    expect(currencyDigits("JPY")).toBe(0);
    expect(currencyDigits("KWD")).toBe(3);
    expect(formatMoney(1250, "JPY", "en")).toBe("¥1,250");
    expect(strip(formatMoney(1250, "KWD", "en"))).toBe("KWD 1.250");
  });
});
