/**
 * The activity log's coverage of the catalogue and the rest of the admin (issue 36, decision 046)
 * on a real database (PGlite; PostgreSQL with TEST_DATABASE_URL): each write appends exactly one
 * entry with its actor, entity and the changed fields' before → after; a refused or failing write
 * (a bad CSV file, a taken discount code, a product update whose transaction fails at commit)
 * leaves none; an update that changes nothing records nothing; nothing prunes the log before 13
 * months (no prune of it at all).
 */
import type { AppLoadContext } from "@remix-run/node";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, orders, productVariants, reviews, users } from "~/db/schema";
import { action as editAction } from "~/routes/admin.products.$id";
import { action as newAction } from "~/routes/admin.products.new";
import { loader as ordersCsv } from "~/routes/admin.orders.export[.csv]";
import { withAuditActor, type AuditActor } from "~/services/audit/audit.server";
import { saveCategory, deleteCategory } from "~/services/catalog/categories-admin.server";
import { setProductsActive } from "~/services/catalog/products-bulk.server";
import { applyProductImport, exportProductsCsv } from "~/services/catalog/products-csv.server";
import { deleteProduct } from "~/services/catalog/products-admin.server";
import {
  saveReviewModeration,
  setReviewReply,
  setReviewStatus,
} from "~/services/catalog/reviews-admin.server";
import { bulkSetVariants, setVariantActive } from "~/services/catalog/variants-admin.server";
import {
  deleteDiscountCode,
  saveDiscountCode,
  setDiscountCodeActive,
} from "~/services/discounts/admin.server";
import { deleteSale, saveSale } from "~/services/discounts/sales.server";
import { pruneExpiredRows } from "~/services/platform/expired-rows.server";
import type { TestDb } from "../helpers/db";
import type { StoreFixture } from "../helpers/fixtures";
import { answer } from "../helpers/routes";
import { userCookie } from "../helpers/sessions";
import { openTwoStores } from "../helpers/two-stores";

let db: TestDb;
let alpha: StoreFixture;
let beta: StoreFixture;
let ctx: AppLoadContext;
let ownerId: string;
let ownerCookie: string;
let actor: AuditActor;
const A = "http://alpha.localhost:3000";

/** Entries of alpha written after `mark` (an entry id), oldest first. */
async function entriesAfter(mark: string | null) {
  return db.owner
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.storeId, alpha.storeId), mark ? gt(auditLog.id, mark) : undefined))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
}

/** The newest entry id so far (uuidv7: later ids sort after). */
async function mark(): Promise<string | null> {
  const rows = await entriesAfter(null);
  return rows.at(-1)?.id ?? null;
}

/** Runs `fn` as the owner and answers the entries it appended. */
async function recorded(fn: () => Promise<unknown>) {
  const from = await mark();
  await withAuditActor(actor, fn);
  return entriesAfter(from);
}

function productForm(path: string, fields: Record<string, string>): Request {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("newImages", new File([], "", { type: "application/octet-stream" }));
  return new Request(`${A}${path}`, {
    method: "POST",
    headers: { Cookie: ownerCookie, Origin: A },
    body: form,
  });
}

const PRODUCT = {
  intent: "save",
  nameEn: "Audit Blue",
  nameAr: "أزرق السجل",
  descriptionEn: "A blue dye.",
  descriptionAr: "صبغة زرقاء.",
  slug: "audit-blue",
  price: "12.50",
  stock: "7",
  categoryId: "",
  subcategoryId: "",
  shadeHex: "#1a5276",
  colorFamily: "blue",
  active: "on",
};

beforeAll(async () => {
  ({ db, alpha, beta, alphaCtx: ctx } = await openTwoStores());
  ownerId = uuidv7();
  await db.owner.insert(users).values({
    storeId: alpha.storeId,
    id: ownerId,
    email: "owner@alpha.test",
    name: "Olive Owner",
    isAdmin: true,
  });
  ownerCookie = await userCookie(alpha.storeId, ownerId, A);
  actor = { id: ownerId, name: "Olive Owner", email: "owner@alpha.test", ip: "203.0.113.9" };
});

afterAll(async () => {
  await db?.dispose();
});

describe("products through the admin's own forms", () => {
  let productId: string;

  it("creating a product appends one entry with the signed-in owner and the new fields", async () => {
    const from = await mark();
    const res = await answer(() =>
      newAction({ request: productForm("/admin/products/new", PRODUCT), context: ctx, params: {} }),
    );
    expect(res.status).toBe(302);
    const entries = await entriesAfter(from);
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry).toMatchObject({
      action: "product.create",
      entityType: "product",
      entityLabel: "Audit Blue",
      actorId: ownerId,
      actorName: "Olive Owner",
    });
    productId = entry!.entityId!;
    expect(entry!.changes).toMatchObject({
      nameEn: [null, "Audit Blue"],
      priceCents: [null, 1250],
      stock: [null, 7],
      active: [null, true],
    });
  });

  it("changing the price appends one entry holding only the price, before → after", async () => {
    const from = await mark();
    const res = await answer(() =>
      editAction({
        request: productForm(`/admin/products/${productId}`, { ...PRODUCT, price: "14.00" }),
        context: ctx,
        params: { id: productId },
      }),
    );
    expect(res.status).toBe(302);
    const entries = await entriesAfter(from);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: "product.update",
      entityId: productId,
      actorId: ownerId,
      changes: { priceCents: [1250, 1400] },
    });
  });

  it("saving the form unchanged records nothing", async () => {
    const from = await mark();
    const res = await answer(() =>
      editAction({
        request: productForm(`/admin/products/${productId}`, { ...PRODUCT, price: "14.00" }),
        context: ctx,
        params: { id: productId },
      }),
    );
    expect(res.status).toBe(302);
    expect(await entriesAfter(from)).toHaveLength(0);
  });

  it("an update whose transaction fails (at commit, after the entry was written) leaves no entry and no change", async () => {
    await db.owner.execute(sql`
      create or replace function audit_test_refuse() returns trigger language plpgsql as $$
      begin raise exception 'refused at commit'; end $$`);
    await db.owner.execute(sql`
      create constraint trigger audit_test_refuse after update on products
      deferrable initially deferred for each row when (new.name_en = 'Refused At Commit')
      execute function audit_test_refuse()`);
    try {
      const from = await mark();
      const res = await answer(() =>
        editAction({
          request: productForm(`/admin/products/${productId}`, {
            ...PRODUCT,
            nameEn: "Refused At Commit",
            price: "99.00",
          }),
          context: ctx,
          params: { id: productId },
        }),
      ).catch((error: unknown) => ({ status: 500, error }));
      expect(res.status).toBeGreaterThanOrEqual(500);
      expect(await entriesAfter(from)).toHaveLength(0);
      const [variant] = await db.owner
        .select({ price: productVariants.priceCents })
        .from(productVariants)
        .where(eq(productVariants.productId, productId));
      expect(variant!.price).toBe(1400);
    } finally {
      await db.owner.execute(sql`drop trigger audit_test_refuse on products`);
      await db.owner.execute(sql`drop function audit_test_refuse()`);
    }
  });

  it("bulk stock, a variant off sale, hiding from the list, deleting: one entry each", async () => {
    let entries = await recorded(() =>
      bulkSetVariants(alpha.storeId, productId, { field: "stock", value: 3 }, "all"),
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: "product.variant.update",
      entityId: productId,
      changes: { stock: [7, 3] },
    });

    const [variant] = await db.owner
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(eq(productVariants.productId, productId));
    entries = await recorded(() => setVariantActive(alpha.storeId, productId, variant!.id, false));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.changes).toEqual({ active: [true, false] });

    entries = await recorded(() => setProductsActive(alpha.storeId, [productId], false, "en"));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: "product.update", changes: { active: [true, false] } });

    entries = await recorded(() => deleteProduct(alpha.storeId, productId));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: "product.delete",
      entityId: productId,
      actorId: ownerId,
      ip: "203.0.113.9",
      changes: { nameEn: ["Audit Blue", null] },
    });
  });
});

describe("CSV imports", () => {
  it("one entry per import with its created, updated and unchanged counts", async () => {
    const csv = await exportProductsCsv(alpha.storeId, "USD");
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split(/\r?\n/);
    // The file again, with one new product copied from the fixture's row under a new slug.
    const copy = lines[1]!.replace(`${alpha.slug}-product`, "audit-imported");
    const entries = await recorded(async () => {
      const result = await applyProductImport(alpha.storeId, [...lines, copy].join("\n"), "USD", {
        deleteMissing: false,
      });
      expect(result).toMatchObject({ ok: true, created: 1, updated: 0 });
    });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: "product.import",
      entityType: "product",
      actorId: ownerId,
      changes: { created: [null, 1], updated: [null, 0], skipped: [null, 1] },
    });
  });

  it("a refused file (a bad row) writes nothing and leaves no entry", async () => {
    const csv = await exportProductsCsv(alpha.storeId, "USD");
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split(/\r?\n/);
    const bad = lines[1]!.replace(`${alpha.slug}-product`, "audit-bad").replace(/,12\.50,/, ",not-a-price,");
    const entries = await recorded(async () => {
      const result = await applyProductImport(alpha.storeId, [lines[0], bad].join("\n"), "USD", {
        deleteMissing: false,
      });
      expect(result.ok).toBe(false);
    });
    expect(entries).toHaveLength(0);
  });
});

describe("categories, discount codes, sales, reviews", () => {
  it("a category's create, rename and delete", async () => {
    const input = {
      slug: "audit-cat",
      nameEn: "Audit",
      nameAr: "سجل",
      descriptionEn: "",
      descriptionAr: "",
      sortOrder: 0,
    };
    let id = "";
    let entries = await recorded(async () => {
      const saved = await saveCategory(alpha.storeId, input, {});
      if (saved.ok) id = saved.id;
    });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: "category.create",
      entityId: id,
      changes: { nameEn: [null, "Audit"] },
    });
    entries = await recorded(() => saveCategory(alpha.storeId, { ...input, nameEn: "Audited" }, { id }));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.changes).toEqual({ nameEn: ["Audit", "Audited"] });
    entries = await recorded(() => deleteCategory(alpha.storeId, id, undefined));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: "category.delete", entityId: id });
  });

  it("a discount code's create, switch off and delete; a taken code leaves no entry", async () => {
    const input = {
      code: "AUDIT10",
      kind: "percentage" as const,
      value: 10,
      minSubtotalCents: 0,
      startsAt: new Date("2026-01-01T00:00:00Z"),
      endsAt: null,
      usageLimit: null,
      perShopperLimit: null,
      scope: "store" as const,
      active: true,
      categoryIds: [],
      productIds: [],
    };
    let id = "";
    let entries = await recorded(async () => {
      const saved = await saveDiscountCode(alpha.storeId, input);
      if (saved.ok) id = saved.id;
    });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: "discount.create",
      entityType: "discount",
      entityLabel: "AUDIT10",
      changes: { kind: [null, "percentage"], value: [null, 10] },
    });
    entries = await recorded(() => saveDiscountCode(alpha.storeId, { ...input, value: 15 }, { id }));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.changes).toEqual({ value: [10, 15] });
    entries = await recorded(async () => {
      const other = await saveDiscountCode(alpha.storeId, { ...input, code: "audit10" });
      expect(other).toMatchObject({ ok: false, error: "code-taken" });
    });
    expect(entries).toHaveLength(0);
    entries = await recorded(() => setDiscountCodeActive(alpha.storeId, id, false));
    expect(entries.map((entry) => entry.changes)).toEqual([{ active: [true, false] }]);
    entries = await recorded(() => deleteDiscountCode(alpha.storeId, id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: "discount.delete", changes: { code: ["AUDIT10", null] } });
  });

  it("a sale's create, change and delete", async () => {
    const input = {
      nameEn: "Audit sale",
      nameAr: "تخفيض السجل",
      kind: "percent" as const,
      value: 20,
      scope: "store" as const,
      startsAt: new Date("2026-01-01T00:00:00Z"),
      endsAt: new Date("2026-02-01T00:00:00Z"),
      categoryIds: [],
      productIds: [],
    };
    let id = "";
    let entries = await recorded(async () => {
      const saved = await saveSale(alpha.storeId, input);
      if (saved.ok) id = saved.id;
    });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: "sale.create", entityType: "sale", entityId: id });
    entries = await recorded(() =>
      saveSale(alpha.storeId, { ...input, endsAt: new Date("2026-03-01T00:00:00Z") }, { id }),
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]!.changes).toEqual({
      endsAt: ["2026-02-01T00:00:00.000Z", "2026-03-01T00:00:00.000Z"],
    });
    entries = await recorded(() => deleteSale(alpha.storeId, id));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.action).toBe("sale.delete");
  });

  it("a review hidden, replied to, and the moderation setting", async () => {
    const reviewId = uuidv7();
    await db.owner.insert(reviews).values({
      storeId: alpha.storeId,
      id: reviewId,
      productId: alpha.productId,
      userId: alpha.userId,
      rating: 4,
      title: "Good",
      comment: "Nice colour",
      status: "published",
    });
    let entries = await recorded(() => setReviewStatus(alpha.storeId, reviewId, "hidden"));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: "review.status",
      entityType: "review",
      entityId: reviewId,
      changes: { status: ["published", "hidden"] },
    });
    entries = await recorded(() => setReviewReply(alpha.storeId, reviewId, "Thank you"));
    expect(entries.map((entry) => entry.changes)).toEqual([{ reply: [null, "Thank you"] }]);
    entries = await recorded(() => saveReviewModeration(alpha.storeId, "hold"));
    expect(entries.map((entry) => entry.changes)).toEqual([{ reviewModeration: ["publish", "hold"] }]);
  });
});

describe("customer data exports", () => {
  it("downloading the orders CSV (shoppers' names, emails, addresses) logs who took it", async () => {
    const from = await mark();
    const res = await ordersCsv({
      request: new Request(`${A}/admin/orders/export.csv`, { headers: { Cookie: ownerCookie } }),
      context: ctx,
      params: {},
    });
    expect(res.status).toBe(200);
    const entries = await entriesAfter(from);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: "customer.export",
      entityType: "customer",
      actorId: ownerId,
      actorEmail: "owner@alpha.test",
    });
    const [{ n }] = (await db.owner
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.storeId, alpha.storeId))) as [{ n: number }];
    expect(entries[0]!.changes).toEqual({ orders: [null, Number(n)] });
  });
});

describe("kept at least 12 months", () => {
  it("the expired-rows prune leaves a 14-month-old entry in place", async () => {
    const old = new Date(Date.now() - 14 * 31 * 24 * 60 * 60 * 1000);
    const id = uuidv7();
    await db.owner.insert(auditLog).values({
      storeId: alpha.storeId,
      id,
      action: "settings.update",
      entityType: "settings",
      createdAt: old,
    });
    await pruneExpiredRows();
    const [kept] = await db.owner.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.id, id));
    expect(kept?.id).toBe(id);
  });

  it("another store's log is untouched by alpha's writes", async () => {
    const rows = await db.owner.select().from(auditLog).where(eq(auditLog.storeId, beta.storeId));
    expect(rows).toHaveLength(0);
  });
});
