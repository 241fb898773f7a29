/**
 * The category and store-setting schemas checked the way both sides check them: the browser
 * (schemaErrors on the form as it sends it, empty fields as "") and the server (conform's
 * parseWithZod, empty fields as undefined) agree on a form with its optional fields left empty,
 * and on one with a bad value.
 */
import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import type { ZodTypeAny } from "zod";
import { schemaErrors } from "~/lib/use-schema-form";
import { categorySchema } from "~/lib/validation/admin-categories";
import {
  aboutSchema,
  brandingSchema,
  contactFooterSchema,
  generalSettingsSchema,
  homepageSchema,
  legalSchema,
  majorToMinor,
  minorToMajor,
} from "~/lib/validation/admin-settings";

function form(entries: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
}

/** Errors from both sides, keyed alike: {} when both accept the form. */
function bothSides(schema: ZodTypeAny, entries: Record<string, string>) {
  const browser = schemaErrors(schema, form(entries));
  const server = parseWithZod(form(entries), { schema }).reply().error ?? {};
  return { browser, server };
}

const EMPTY_FORMS: [string, ZodTypeAny, Record<string, string>][] = [
  [
    "category",
    categorySchema,
    {
      nameEn: "Inks",
      nameAr: "أحبار",
      slug: "",
      parentId: "",
      sortOrder: "",
      descriptionEn: "",
      descriptionAr: "",
    },
  ],
  [
    "settings",
    generalSettingsSchema,
    {
      storeName: "Dye Shop",
      currency: "USD",
      defaultLocale: "en",
      timeZone: "Asia/Riyadh",
      country: "SA",
      defaultWeightGrams: "0",
    },
  ],
  ["branding", brandingSchema, { primaryColor: "#242f51", secondaryColor: "#384878" }],
  ["homepage", homepageSchema, { heroTitleEn: "", heroTitleAr: "", heroSubtitleEn: "", heroSubtitleAr: "" }],
  ["about", aboutSchema, { aboutEn: "", aboutAr: "" }],
  ["legal", legalSchema, { termsEn: "", termsAr: "", privacyEn: "", privacyAr: "" }],
  [
    "contact",
    contactFooterSchema,
    {
      contactEmail: "",
      contactPhone: "",
      contactAddressEn: "",
      contactAddressAr: "",
      contactHours: "",
      footerTextEn: "",
      footerTextAr: "",
      "social.instagram": "",
      "social.x": "",
    },
  ],
];

describe("store admin forms on both sides", () => {
  it.each(EMPTY_FORMS)("%s: accepted with its optional fields left empty", (_name, schema, entries) => {
    expect(bothSides(schema, entries)).toEqual({ browser: {}, server: {} });
  });

  it("report the same error for the same bad value", () => {
    const category = bothSides(categorySchema, {
      nameEn: "Inks",
      nameAr: "أحبار",
      slug: "Not A Slug",
      parentId: "",
    });
    expect(category.browser).toEqual({ slug: ["validation.slugInvalid"] });
    expect(category.server).toEqual(category.browser);
    const contact = bothSides(contactFooterSchema, { contactEmail: "", "social.facebook": "http://x.test" });
    expect(contact.browser).toEqual({ "social.facebook": ["validation.urlInvalid"] });
    expect(contact.server).toEqual(contact.browser);
    const settings = { storeName: "Dye Shop", currency: "USD", defaultLocale: "en", country: "SA" };
    const zone = (timeZone: string) =>
      bothSides(generalSettingsSchema, { ...settings, defaultWeightGrams: "0", timeZone });
    expect(zone("Mars/Olympus_Mons").browser).toEqual({ timeZone: ["timeZone.invalid"] });
    expect(zone("+05:00").server).toEqual({ timeZone: ["timeZone.invalid"] });
    expect(zone("").server).toEqual({ timeZone: ["timeZone.required"] });
    expect(zone("America/New_York")).toEqual({ browser: {}, server: {} });
  });

  it("make an empty slug from the English name, and refuse it when there is nothing to make it from", () => {
    const made = parseWithZod(form({ nameEn: "Hair Dyes & Tints", nameAr: "صبغات" }), {
      schema: categorySchema,
    });
    expect(made.status === "success" && made.value.slug).toBe("hair-dyes-and-tints");
    expect(bothSides(categorySchema, { nameEn: "؟؟", nameAr: "صبغات", slug: "" }).browser).toEqual({
      slug: ["validation.slugRequired"],
    });
  });

  it("turn amounts into minor units and back without floating point", () => {
    expect(["0", "4.5", "4.99", "0.1", "9999999.99"].map(majorToMinor)).toEqual([0, 450, 499, 10, 999999999]);
    expect([0, 450, 499, 5, 999999999].map(minorToMajor)).toEqual([
      "0.00",
      "4.50",
      "4.99",
      "0.05",
      "9999999.99",
    ]);
  });
});
