/**
 * The products list's actions on several products at once (issue 39): activate, deactivate, put
 * in a category, delete. Each runs in one transaction in the store's scope with the chosen
 * products locked (in id order, so overlapping selections never deadlock); a product whose state
 * makes the action pointless (already active…) is refused with its reason, one the store does
 * not have (deleted meanwhile, another store's id) is "not found", and the others change. Then the
 * catalogue cache is told once (decision 007).
 */
import { asc, eq, inArray } from "drizzle-orm";
import { getDb, type Tx } from "~/db/client.server";
import { categories, products } from "~/db/schema";
import type { BulkItem, BulkRefusal } from "~/lib/bulk";
import type { Locale } from "~/lib/i18n";
import { recordProductAudit, recordProductChange } from "./product-events.server";
import { localized } from "~/services/store/settings.server";
import { catalogChanged } from "./catalog-cache.server";
import { deleteProductIn } from "./products-admin.server";

export interface BulkProductsResult {
  done: BulkItem[];
  /** `reason` is a key under `admin.products.bulk.refused`. */
  refused: BulkRefusal[];
  /** Deleting: products kept, made inactive, because orders name them. */
  archived: BulkItem[];
}

interface LockedProduct {
  id: string;
  name: string;
  /** The activity log's label. */
  nameEn: string;
  active: boolean;
  categoryId: string | null;
  subcategoryId: string | null;
}

/**
 * Runs `decide` on each chosen product of the store (locked), in one transaction, after `prepare`
 * (in it too) has read what the action needs: `decide` changes the product and says "done" (or
 * "archived"), or returns a refusal reason. `prepare` answering null refuses the whole action
 * (nothing changed). Items come back in the order of their names.
 */
async function eachProduct<Context>(
  storeId: string,
  productIds: readonly string[],
  locale: Locale,
  prepare: (tx: Tx) => Promise<Context | null>,
  decide: (
    tx: Tx,
    product: LockedProduct,
    context: Context,
  ) => Promise<"done" | "archived" | { reason: string }>,
): Promise<(BulkProductsResult & { context: Context }) | null> {
  const db = await getDb();
  const result = await db.withStore(storeId, async (tx) => {
    const context = await prepare(tx);
    if (context === null) return null;
    const rows = await tx
      .select({
        id: products.id,
        nameEn: products.nameEn,
        nameAr: products.nameAr,
        active: products.active,
        categoryId: products.categoryId,
        subcategoryId: products.subcategoryId,
      })
      .from(products)
      .where(inArray(products.id, [...productIds]))
      .orderBy(asc(products.id))
      .for("update");
    const outcome = {
      done: [] as BulkItem[],
      refused: [] as BulkRefusal[],
      archived: [] as BulkItem[],
      context,
    };
    const found = new Map(rows.map((row) => [row.id, row]));
    for (const id of productIds) {
      const row = found.get(id);
      if (!row) {
        outcome.refused.push({ id, label: null, reason: "notFound" });
        continue;
      }
      const product = { ...row, name: localized(row.nameEn, row.nameAr, locale) };
      const item = { id, label: product.name };
      const decided = await decide(tx, product, context);
      if (decided === "done") outcome.done.push(item);
      else if (decided === "archived") outcome.archived.push(item);
      else outcome.refused.push({ ...item, reason: decided.reason });
    }
    const byName = (a: BulkItem, b: BulkItem) =>
      (a.label ?? "\uffff").localeCompare(b.label ?? "\uffff", locale);
    outcome.done.sort(byName);
    outcome.refused.sort(byName);
    outcome.archived.sort(byName);
    return outcome;
  });
  if (result && (result.done.length > 0 || result.archived.length > 0)) await catalogChanged(storeId);
  return result;
}

const nothingToPrepare = () => Promise.resolve(true);

/** Shows (active) or hides the chosen products; one already so is refused as such. */
export async function setProductsActive(
  storeId: string,
  productIds: readonly string[],
  active: boolean,
  locale: Locale,
): Promise<BulkProductsResult> {
  const result = await eachProduct(storeId, productIds, locale, nothingToPrepare, async (tx, product) => {
    if (product.active === active) return { reason: active ? "alreadyActive" : "alreadyInactive" };
    await tx.update(products).set({ active, updatedAt: new Date() }).where(eq(products.id, product.id));
    await recordProductAudit(tx, storeId, {
      action: "product.update",
      entityType: "product",
      entityId: product.id,
      entityLabel: product.nameEn,
      changes: { active: [product.active, active] },
    });
    return "done";
  });
  const { context: _context, ...outcome } = result!;
  return outcome;
}

export type CategoryMove = BulkProductsResult & { category: string };

/**
 * Puts the chosen products in a category of the store (a top-level one: no sub category; a sub
 * category: under its parent), replacing where they were: a product is in one category. One
 * already there is refused as such. A category the store does not have → null, nothing changed.
 */
export async function moveProductsToCategory(
  storeId: string,
  productIds: readonly string[],
  categoryId: string,
  locale: Locale,
): Promise<CategoryMove | null> {
  const result = await eachProduct(
    storeId,
    productIds,
    locale,
    async (tx) => {
      const [row] = await tx
        .select({
          id: categories.id,
          parentId: categories.parentId,
          nameEn: categories.nameEn,
          nameAr: categories.nameAr,
        })
        .from(categories)
        .where(eq(categories.id, categoryId));
      if (!row) return null;
      const name = localized(row.nameEn, row.nameAr, locale);
      return row.parentId
        ? { categoryId: row.parentId, subcategoryId: row.id, name }
        : { categoryId: row.id, subcategoryId: null, name };
    },
    async (tx, product, place) => {
      if (product.categoryId === place.categoryId && product.subcategoryId === place.subcategoryId)
        return { reason: "alreadyInCategory" };
      await tx
        .update(products)
        .set({ categoryId: place.categoryId, subcategoryId: place.subcategoryId, updatedAt: new Date() })
        .where(eq(products.id, product.id));
      await recordProductChange(tx, storeId, {
        action: "product.update",
        entityType: "product",
        entityId: product.id,
        entityLabel: product.nameEn,
        before: { categoryId: product.categoryId, subcategoryId: product.subcategoryId },
        after: { categoryId: place.categoryId, subcategoryId: place.subcategoryId },
      });
      return "done";
    },
  );
  if (!result) return null;
  const { context, ...outcome } = result;
  return { ...outcome, category: context.name };
}

/**
 * Deletes the chosen products, or archives (makes inactive) those that orders name, as the
 * product page's Delete does; nothing is refused but ids the store does not have.
 */
export async function deleteProducts(
  storeId: string,
  productIds: readonly string[],
  locale: Locale,
): Promise<BulkProductsResult> {
  const result = await eachProduct(storeId, productIds, locale, nothingToPrepare, async (tx, product) => {
    const outcome = await deleteProductIn(tx, storeId, product.id);
    return outcome === "archived" ? "archived" : "done";
  });
  const { context: _context, ...outcome } = result!;
  return outcome;
}

/** The chosen products the store has, named in `locale`: what a delete's confirmation lists. */
export async function productLabels(
  storeId: string,
  productIds: readonly string[],
  locale: Locale,
): Promise<BulkItem[]> {
  const db = await getDb();
  const rows = await db.withStore(storeId, (tx) =>
    tx
      .select({ id: products.id, nameEn: products.nameEn, nameAr: products.nameAr })
      .from(products)
      .where(inArray(products.id, [...productIds])),
  );
  return rows
    .map((row) => ({ id: row.id, label: localized(row.nameEn, row.nameAr, locale) }))
    .sort((a, b) => a.label.localeCompare(b.label, locale));
}
