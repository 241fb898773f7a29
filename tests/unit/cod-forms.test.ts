/**
 * The Payment Options COD form and the profile's alerts form as the browser parses them (the
 * server sees blanks as missing; the browser sends ""): both must read the same (decision 030).
 */
import { describe, expect, it } from "vitest";
import { orderAlertsSchema } from "~/lib/validation/order-alerts";
import { codSettingsSchema } from "~/lib/validation/payment-options";

describe("the COD settings form", () => {
  it("reads an empty ceiling as no limit, whether sent as '' or not at all", () => {
    const expected = {
      cashOnDelivery: true,
      codFee: 150,
      codMaxTotal: null,
      codVerifiedOnly: false,
      // Left out (a form from before issue 34): off, with the default hours.
      codConfirm: false,
      codConfirmRemindHours: 6,
      codConfirmCancelHours: 24,
      codMaxRefusals: null,
    };
    expect(codSettingsSchema.parse({ cashOnDelivery: "on", codFee: "1.5", codMaxTotal: "" })).toEqual(
      expected,
    );
    expect(codSettingsSchema.parse({ cashOnDelivery: "on", codFee: "1.5" })).toEqual(expected);
  });

  it("keeps amounts in minor units and refuses a zero ceiling", () => {
    expect(codSettingsSchema.parse({ codFee: "0", codMaxTotal: "250.5", codVerifiedOnly: "on" })).toEqual({
      cashOnDelivery: false,
      codFee: 0,
      codMaxTotal: 25050,
      codVerifiedOnly: true,
      codConfirm: false,
      codConfirmRemindHours: 6,
      codConfirmCancelHours: 24,
      codMaxRefusals: null,
    });
    expect(codSettingsSchema.safeParse({ codFee: "1", codMaxTotal: "0" }).error?.issues[0]?.message).toBe(
      "codControls.maxInvalid",
    );
  });
});

describe("the alerts form", () => {
  it("an unticked box is off; the language is one of ours", () => {
    expect(orderAlertsSchema.parse({ emailLocale: "ar" })).toEqual({ orderAlerts: false, emailLocale: "ar" });
    expect(orderAlertsSchema.safeParse({ emailLocale: "fr" }).success).toBe(false);
  });
});
