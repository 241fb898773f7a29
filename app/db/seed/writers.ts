/** Inserts the demo data through the table owner's connection (seeding only, never requests). */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { AppDatabase, Tx } from "~/db/client.server";
import * as schema from "~/db/schema";
import { hashPassword } from "~/lib/passwords.server";
import { DEMO_STAFF } from "./accounts";
import type { StorePlan } from "./plan/types";

/** Subscription plans offered on the platform; the demo stores are on Growth. */
export const DEMO_PACKAGES: (typeof schema.packages.$inferInsert)[] = [
  {
    code: "starter",
    nameEn: "Starter",
    nameAr: "المبتدئ",
    descriptionEn: "One store, up to 100 products, card and cash-on-delivery payments.",
    descriptionAr: "متجر واحد، حتى 100 منتج، الدفع بالبطاقة أو نقدًا عند الاستلام.",
    priceCents: 1900,
    interval: "month",
    sortOrder: 1,
  },
  {
    code: "growth",
    nameEn: "Growth",
    nameAr: "النمو",
    descriptionEn: "Unlimited products, your own domain, sales and priority support.",
    descriptionAr: "منتجات غير محدودة، نطاقك الخاص، التخفيضات ودعم ذو أولوية.",
    priceCents: 4900,
    interval: "month",
    sortOrder: 2,
    allowsCustomDomain: true,
  },
];
export const DEMO_STORE_PACKAGE = "growth";

/** Parameters per statement stay far below PostgreSQL's 65,535; images are batched by size. */
async function insertAll<T extends PgTable>(tx: Tx, table: T, rows: T["$inferInsert"][], chunk = 200) {
  for (let i = 0; i < rows.length; i += chunk) {
    await tx.insert(table).values(rows.slice(i, i + chunk));
  }
}

/** Packages and the platform staff account; both keyed by a unique value, so re-running adds nothing. */
export async function writePlatform(db: AppDatabase): Promise<{ packageIds: Record<string, string> }> {
  await db
    .insert(schema.packages)
    .values(DEMO_PACKAGES)
    .onConflictDoNothing({ target: schema.packages.code });

  const [staff] = await db
    .select({ id: schema.platformStaff.id })
    .from(schema.platformStaff)
    .where(sql`lower(${schema.platformStaff.email}) = ${DEMO_STAFF.email.toLowerCase()}`);
  if (!staff) {
    // Argon2 is slow on purpose: hash only when the account is really missing.
    await db
      .insert(schema.platformStaff)
      .values({
        email: DEMO_STAFF.email,
        name: DEMO_STAFF.name,
        passwordHash: await hashPassword(DEMO_STAFF.password),
      })
      .onConflictDoNothing();
  }

  const plans = await db
    .select({ id: schema.packages.id, code: schema.packages.code })
    .from(schema.packages)
    .where(
      inArray(
        schema.packages.code,
        DEMO_PACKAGES.map((p) => p.code),
      ),
    );
  return { packageIds: Object.fromEntries(plans.map((plan) => [plan.code, plan.id])) };
}

/**
 * Writes one store in a single transaction, so a failure leaves nothing half-written. Returns
 * false, writing nothing, when a store with that slug already exists (seeding twice, or two
 * instances starting at once: the second waits on the first's insert and then skips).
 */
export async function writeStorePlan(db: AppDatabase, plan: StorePlan): Promise<boolean> {
  return db.transaction(async (tx) => {
    const created = await tx
      .insert(schema.stores)
      .values(plan.store)
      .onConflictDoNothing({ target: schema.stores.slug })
      .returning({ id: schema.stores.id });
    if (created.length === 0) return false;

    await insertAll(tx, schema.images, plan.images, 16);
    await tx.insert(schema.storeSettings).values(plan.settings);
    await insertAll(
      tx,
      schema.categories,
      plan.categories.filter((c) => !c.parentId),
    );
    await insertAll(
      tx,
      schema.categories,
      plan.categories.filter((c) => c.parentId),
    );
    await insertAll(tx, schema.products, plan.products);
    await insertAll(tx, schema.productImages, plan.productImages);
    await insertAll(tx, schema.productOptions, plan.variants.options);
    await insertAll(tx, schema.productOptionValues, plan.variants.values);
    // Each product's default variant (made by the database with the product) becomes its first
    // combination; the database then sums the variants' stock into the product.
    for (const { storeId, id, ...variant } of plan.variants.defaults) {
      await tx
        .update(schema.productVariants)
        .set(variant)
        .where(and(eq(schema.productVariants.storeId, storeId), eq(schema.productVariants.id, id)));
    }
    await insertAll(tx, schema.productVariants, plan.variants.variants);
    await insertAll(tx, schema.staffRoles, plan.staffRoles);
    await insertAll(tx, schema.users, plan.users);
    await insertAll(tx, schema.staffInvitations, plan.staffInvitations);
    await insertAll(tx, schema.apiTokens, plan.apiTokens);
    await insertAll(tx, schema.webhookSubscriptions, plan.webhookSubscriptions);
    await insertAll(tx, schema.shippingAddresses, plan.addresses);
    await insertAll(tx, schema.reviews, plan.reviews);
    await insertAll(tx, schema.cartItems, plan.cartItems);
    await insertAll(tx, schema.wishlistItems, plan.wishlistItems);
    await insertAll(tx, schema.contactRequests, plan.contactRequests);
    await insertAll(tx, schema.sales, plan.sales);
    await insertAll(tx, schema.saleTargets, plan.saleTargets);
    await insertAll(tx, schema.orders, plan.orders);
    await insertAll(tx, schema.orderItems, plan.orderItems);
    await insertAll(tx, schema.orderEvents, plan.orderEvents);
    await insertAll(tx, schema.invoices, plan.invoices.invoices);
    await insertAll(tx, schema.invoiceCounters, plan.invoices.counters);
    await insertAll(tx, schema.refunds, plan.refunds.refunds);
    await insertAll(tx, schema.refundLines, plan.refunds.lines);
    await insertAll(tx, schema.creditNotes, plan.refunds.creditNotes);
    await insertAll(tx, schema.creditNoteCounters, plan.refunds.counters);
    await insertAll(tx, schema.returnRequests, plan.refunds.returns);
    await insertAll(tx, schema.returnRequestLines, plan.refunds.returnLines);
    await insertAll(tx, schema.auditLog, plan.auditLog);
    await insertAll(tx, schema.discountCodes, plan.discounts.codes);
    await insertAll(tx, schema.discountCodeTargets, plan.discounts.targets);
    await insertAll(tx, schema.discountRedemptions, plan.discounts.redemptions);
    await insertAll(tx, schema.shippingZones, plan.shipping.zones);
    await insertAll(tx, schema.shippingZonePlaces, plan.shipping.places);
    await insertAll(tx, schema.shippingRates, plan.shipping.rates);
    return true;
  });
}
