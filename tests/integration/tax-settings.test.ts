/**
 * /admin/storesetting/tax (issue 35, decision 042) through its loader and action: a new store is
 * not registered, prices include VAT, rates are the defaults (Saudi Arabia 15 %, the UAE 5 %);
 * the owner registers with a Saudi VAT number typed in Arabic digits and sets rates; bad input
 * is refused with 400 under its field and changes nothing; a shopper and another store's admin
 * are refused; the change is in the audit log.
 */
import { and, eq } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, storeSettings, users } from "~/db/schema";
import { action as taxAction, loader as taxLoader } from "~/routes/admin.storesetting.tax";
import type { TestDb } from "../helpers/db";
import type { StoreFixture } from "../helpers/fixtures";
import { answer, postForm } from "../helpers/routes";
import { userCookie } from "../helpers/sessions";
import { openTwoStores } from "../helpers/two-stores";
import type { AppLoadContext } from "@remix-run/node";

let db: TestDb;
let alpha: StoreFixture;
let beta: StoreFixture;
let ctx: AppLoadContext;
let adminCookie: string;
let betaAdminCookie: string;
let shopperCookie: string;
const A = () => `http://${alpha.slug}.localhost`;

type Page = {
  country: string;
  destinations: { code: string; name: string }[];
  values: Record<string, unknown> & { rates: Record<string, string> };
};
type Refused = { result: { error?: Record<string, string[]> } | null };

beforeAll(async () => {
  ({ db, alpha, beta, alphaCtx: ctx } = await openTwoStores({ alpha: "taxa", beta: "taxb" }));
  const adminId = uuidv7();
  const betaAdminId = uuidv7();
  await db.owner.insert(users).values([
    { storeId: alpha.storeId, id: adminId, email: "admin@taxa.test", name: "Admin", isAdmin: true },
    { storeId: beta.storeId, id: betaAdminId, email: "admin@taxb.test", name: "Admin B", isAdmin: true },
  ]);
  adminCookie = await userCookie(alpha.storeId, adminId, A());
  betaAdminCookie = await userCookie(beta.storeId, betaAdminId, `http://${beta.slug}.localhost`);
  shopperCookie = await userCookie(alpha.storeId, alpha.userId, A());
});
afterAll(() => db?.dispose());

const show = (cookie = adminCookie) =>
  answer<Page>(() =>
    taxLoader({
      request: new Request(`${A()}/admin/storesetting/tax?lng=en`, { headers: { Cookie: cookie } }),
      context: ctx,
      params: {},
    }),
  );

const VALID = {
  vatRegistered: "on",
  vatNumber: "٣١٠١٢٢٣٩٣٥٠٠٠٠٣",
  legalNameEn: "Alpha Trading Co.",
  legalNameAr: "شركة ألفا التجارية",
  pricesIncludeVat: "exclusive",
  vatOnShipping: "on",
  "rates.SA": "15",
  "rates.AE": "5.25",
};

const save = (fields: Record<string, string>, cookie = adminCookie) =>
  answer<Refused>(() =>
    taxAction({
      request: postForm(`${A()}/admin/storesetting/tax`, fields, cookie),
      context: ctx,
      params: {},
    }),
  );

const row = async () => {
  const [settings] = await db.owner
    .select({
      registered: storeSettings.vatRegistered,
      number: storeSettings.vatNumber,
      nameEn: storeSettings.vatLegalNameEn,
      nameAr: storeSettings.vatLegalNameAr,
      inclusive: storeSettings.pricesIncludeVat,
      shipping: storeSettings.vatOnShipping,
      codFee: storeSettings.vatOnCodFee,
      rates: storeSettings.vatRates,
    })
    .from(storeSettings)
    .where(eq(storeSettings.storeId, alpha.storeId));
  return settings;
};

describe("the VAT settings page", () => {
  it("starts unregistered, prices with VAT in them, and the default rates for the store's country and the UAE", async () => {
    const page = await show();
    expect(page.status).toBe(200);
    expect(page.data.country).toBe("SA");
    expect(page.data.destinations.map((d) => d.code)).toEqual(["SA", "AE"]);
    expect(page.data.destinations[0]!.name).toBe("Saudi Arabia");
    expect(page.data.values).toMatchObject({
      vatRegistered: "",
      pricesIncludeVat: "inclusive",
      rates: { SA: "15", AE: "5" },
    });
  });

  it.each([
    [{ ...VALID, vatNumber: "310122393500004" }, "vatNumber", "tax.vatNumberFormat.SA"],
    [{ ...VALID, vatNumber: "" }, "vatNumber", "tax.vatNumberRequired"],
    [{ ...VALID, legalNameAr: "" }, "legalNameAr", "tax.legalNameRequired"],
    [{ ...VALID, legalNameEn: "<b>Alpha</b>" }, "legalNameEn", "tax.legalNameInvalid"],
    [{ ...VALID, "rates.SA": "101" }, "rates.SA", "tax.rateInvalid"],
    [{ ...VALID, "rates.SA": "15.123" }, "rates.SA", "tax.rateInvalid"],
    [{ ...VALID, "rates.AE": "-5" }, "rates.AE", "tax.rateInvalid"],
    [{ ...VALID, "rates.AE": "" }, "rates.AE", "tax.rateInvalid"],
    [{ ...VALID, pricesIncludeVat: "maybe" }, "pricesIncludeVat", "validation.choiceInvalid"],
    [{ ...VALID, vatOnCodFee: "yes" }, "vatOnCodFee", "validation.choiceInvalid"],
  ])("refuses %j with 400 under %s, nothing changed", async (fields, field, message) => {
    const before = await row();
    const refused = await save(fields);
    expect(refused.status).toBe(400);
    expect(refused.data.result?.error?.[field]).toEqual([message]);
    expect(await row()).toEqual(before);
  });

  it("saves a registration typed in Arabic digits, the rates in basis points, and logs the change", async () => {
    const saved = await save(VALID);
    expect(saved.status).toBe(302);
    expect(await row()).toEqual({
      registered: true,
      number: "310122393500003",
      nameEn: "Alpha Trading Co.",
      nameAr: "شركة ألفا التجارية",
      inclusive: false,
      shipping: true,
      codFee: false,
      rates: { SA: 1500, AE: 525 },
    });
    const page = await show();
    expect(page.data.values).toMatchObject({
      vatRegistered: "on",
      vatNumber: "310122393500003",
      pricesIncludeVat: "exclusive",
      vatOnCodFee: "",
      rates: { SA: "15", AE: "5.25" },
    });
    const entries = await db.owner
      .select({ changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.storeId, alpha.storeId), eq(auditLog.action, "settings.update")));
    expect(entries.some((entry) => JSON.stringify(entry.changes).includes("310122393500003"))).toBe(true);
  });

  it("refuses a shopper (403) and sends another store's admin to sign in, changing nothing", async () => {
    const before = await row();
    const asShopper = await save({ ...VALID, "rates.SA": "1" }, shopperCookie);
    expect(asShopper.status).toBe(403);
    // Another store's admin is a stranger here: sent to sign in.
    const asOther = await save({ ...VALID, "rates.SA": "2" }, betaAdminCookie);
    expect(asOther.status).toBe(302);
    expect(asOther.headers.get("Location")).toMatch(/^\/login/);
    expect(await row()).toEqual(before);
    const [betaRow] = await db.owner
      .select({ registered: storeSettings.vatRegistered, rates: storeSettings.vatRates })
      .from(storeSettings)
      .where(eq(storeSettings.storeId, beta.storeId));
    expect(betaRow).toEqual({ registered: false, rates: {} });
  });
});
