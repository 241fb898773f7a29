/**
 * The admin's categories (SPEC §2 Categories): a two-level tree (categories and their sub
 * categories), bilingual names, a slug unique in the store, an image and an order. Every function
 * takes the store id first and runs in the store's RLS scope; ids that arrive from a form are
 * looked up there, so another store's id is simply "not found".
 *
 * Storefront pages read categories through the catalogue cache; the categories and products
 * triggers announce every change on all instances (decision 007), and `catalogChanged` makes
 * this instance's next page fresh without waiting for the notification.
 */
import { isViolation, UNIQUE_VIOLATION } from "~/db/violation";
import { recordAudit, recordChange } from "~/services/audit/audit.server";
import { asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { getDb, type Tx } from "~/db/client.server";
import { categories, products } from "~/db/schema";
import type { CategoryInput } from "~/lib/validation/admin-categories";
import { MOVE_TO_NONE } from "~/lib/validation/admin-categories";
import { catalogChanged } from "~/services/catalog/catalog-cache.server";
import { insertImage, type NewImage } from "~/services/media/images.server";
import { categoryColumns } from "~/services/catalog/product-columns.server";

export interface AdminCategoryRow {
  id: string;
  parentId: string | null;
  slug: string;
  nameEn: string;
  nameAr: string;
  imageId: string | null;
  sortOrder: number;
  /** Products filed under it: as their category (top level) or sub category. */
  productCount: number;
}

export type AdminCategory = typeof categories.$inferSelect;

/** Every category, parents each followed by their sub categories, in the storefront's order. */
export async function listCategoryTree(storeId: string): Promise<AdminCategoryRow[]> {
  const db = await getDb();
  const { rows, byCategory, bySub } = await db.withStore(storeId, async (tx) => ({
    rows: await tx
      .select({ ...categoryColumns, imageId: categories.imageId, sortOrder: categories.sortOrder })
      .from(categories)
      .orderBy(asc(categories.sortOrder), asc(categories.slug)),
    byCategory: await tx
      .select({ id: products.categoryId, n: sql<number>`count(*)::int` })
      .from(products)
      .groupBy(products.categoryId),
    bySub: await tx
      .select({ id: products.subcategoryId, n: sql<number>`count(*)::int` })
      .from(products)
      .groupBy(products.subcategoryId),
  }));
  // A top-level category counts the products filed under it, a sub category its own.
  const countOf = (row: { id: string; parentId: string | null }) =>
    Number((row.parentId ? bySub : byCategory).find((c) => c.id === row.id)?.n ?? 0);
  const tops = rows.filter((row) => row.parentId === null);
  return tops.flatMap((top) => [
    { ...top, productCount: countOf(top) },
    ...rows.filter((row) => row.parentId === top.id).map((row) => ({ ...row, productCount: countOf(row) })),
  ]);
}

export async function getCategory(storeId: string, id: string): Promise<AdminCategory | null> {
  const db = await getDb();
  const [row] = await db.withStore(storeId, (tx) =>
    tx.select().from(categories).where(eq(categories.id, id)),
  );
  return row ?? null;
}

export type SaveCategoryResult =
  | { ok: true; id: string }
  | {
      ok: false;
      /** not-found: the category (edit) or the chosen parent is not this store's. */
      error: "not-found" | "parent-not-found" | "slug-taken" | "parent-is-sub" | "has-subcategories";
    };

/** Thrown inside a transaction to roll it back with a result for the caller. */
class Refused<T> extends Error {
  constructor(readonly result: T) {
    super("refused");
  }
}

/**
 * Creates (no `id`) or updates a category. `image` undefined keeps the image, null removes it, a
 * checked upload replaces it (stored in the same transaction: a refused save stores nothing). Two levels only: a parent must be top-level,
 * and a category that has sub categories cannot become one.
 */
export async function saveCategory(
  storeId: string,
  input: CategoryInput,
  options: { id?: string; image?: NewImage | null },
): Promise<SaveCategoryResult> {
  const db = await getDb();
  try {
    const id = await db.withStore(storeId, async (tx) => {
      const refuse = (error: Extract<SaveCategoryResult, { ok: false }>["error"]) => {
        throw new Refused<SaveCategoryResult>({ ok: false, error });
      };
      let wasSub = false;
      let before: Record<string, unknown> | null = null;
      if (options.id) {
        const [current] = await tx
          .select()
          .from(categories)
          .where(eq(categories.id, options.id))
          .for("update");
        if (!current) refuse("not-found");
        wasSub = current!.parentId !== null;
        before = {
          slug: current!.slug,
          nameEn: current!.nameEn,
          nameAr: current!.nameAr,
          descriptionEn: current!.descriptionEn,
          descriptionAr: current!.descriptionAr,
          parentId: current!.parentId,
          sortOrder: current!.sortOrder,
          imageId: current!.imageId,
        };
      }
      const parentId = input.parentId ?? null;
      if (parentId) {
        const [parent] = await tx
          .select({ id: categories.id, parentId: categories.parentId })
          .from(categories)
          .where(eq(categories.id, parentId));
        if (!parent) refuse("parent-not-found");
        if (parent!.parentId !== null || parent!.id === options.id) refuse("parent-is-sub");
        if (options.id) {
          const [child] = await tx
            .select({ id: categories.id })
            .from(categories)
            .where(eq(categories.parentId, options.id))
            .limit(1);
          if (child) refuse("has-subcategories");
        }
      }
      const [taken] = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(eq(categories.slug, input.slug));
      if (taken && taken.id !== options.id) refuse("slug-taken");

      const values = {
        slug: input.slug,
        nameEn: input.nameEn,
        nameAr: input.nameAr,
        descriptionEn: input.descriptionEn,
        descriptionAr: input.descriptionAr,
        parentId,
        sortOrder: input.sortOrder,
        ...(options.image !== undefined
          ? { imageId: options.image && (await insertImage(tx, storeId, options.image)) }
          : {}),
      };
      const audit = (id: string) =>
        recordChange(tx, storeId, {
          action: options.id ? "category.update" : "category.create",
          entityType: "category",
          entityId: id,
          entityLabel: input.nameEn,
          before,
          after: values,
        });
      if (options.id) {
        await tx
          .update(categories)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(categories.id, options.id));
        await audit(options.id);
        // Moved under another parent, its products follow it there; made top-level, they are
        // filed under it directly.
        if (parentId) {
          await tx
            .update(products)
            .set({ categoryId: parentId, subcategoryId: options.id })
            .where(or(eq(products.subcategoryId, options.id), eq(products.categoryId, options.id)));
        } else if (wasSub) {
          await tx
            .update(products)
            .set({ categoryId: options.id, subcategoryId: null })
            .where(eq(products.subcategoryId, options.id));
        }
        return options.id;
      }
      const [created] = await tx
        .insert(categories)
        .values({ storeId, ...values })
        .returning({ id: categories.id });
      await audit(created!.id);
      return created!.id;
    });
    await catalogChanged(storeId);
    return { ok: true, id };
  } catch (error) {
    if (error instanceof Refused) return error.result as SaveCategoryResult;
    // Two saves of one slug at the same moment: the second meets the unique key.
    if (isViolation(error, UNIQUE_VIOLATION, "categories_store_slug_key"))
      return { ok: false, error: "slug-taken" };
    throw error;
  }
}

export type DeleteCategoryResult =
  | { ok: true; movedProducts: number }
  | {
      ok: false;
      /**
       * not-found: the category is not this store's; target-not-found: nor is the chosen target;
       * target-inside: the target is deleted with it; choose-target: it has products and the
       * form did not say where they go.
       */
      error: "not-found" | "target-not-found" | "target-inside" | "choose-target";
    };

/** How many products deleting this category would leave without it (its subs' included). */
async function affectedProducts(tx: Tx, category: { id: string; parentId: string | null }) {
  if (category.parentId) return eq(products.subcategoryId, category.id);
  const subs = tx.select({ id: categories.id }).from(categories).where(eq(categories.parentId, category.id));
  return or(eq(products.categoryId, category.id), inArray(products.subcategoryId, subs))!;
}

/**
 * Deletes a category (a top-level one with its sub categories) in one transaction. Its products
 * first move to `moveTo`, another category or sub category of the store, or to none: out of a
 * deleted top-level category entirely, or, for a deleted sub category, into its parent alone.
 * A category with products needs `moveTo`; one without ignores it.
 */
export async function deleteCategory(
  storeId: string,
  id: string,
  moveTo: string | undefined,
): Promise<DeleteCategoryResult> {
  const db = await getDb();
  try {
    const moved = await db.withStore(storeId, async (tx) => {
      const refuse = (error: Extract<DeleteCategoryResult, { ok: false }>["error"]) => {
        throw new Refused<DeleteCategoryResult>({ ok: false, error });
      };
      const [category] = await tx
        .select(categoryColumns)
        .from(categories)
        .where(eq(categories.id, id))
        .for("update");
      if (!category) return refuse("not-found");
      const affected = await affectedProducts(tx, category);
      const [{ n } = { n: 0 }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(products)
        .where(affected);
      const count = Number(n);
      if (count > 0) {
        if (moveTo === undefined) return refuse("choose-target");
        let set: { categoryId?: string | null; subcategoryId: string | null };
        if (moveTo === MOVE_TO_NONE) {
          set = category.parentId ? { subcategoryId: null } : { categoryId: null, subcategoryId: null };
        } else {
          const [target] = await tx
            .select({ id: categories.id, parentId: categories.parentId })
            .from(categories)
            .where(eq(categories.id, moveTo));
          if (!target) return refuse("target-not-found");
          if (target.id === category.id || (category.parentId === null && target.parentId === category.id))
            return refuse("target-inside");
          set = target.parentId
            ? { categoryId: target.parentId, subcategoryId: target.id }
            : { categoryId: target.id, subcategoryId: null };
        }
        await tx.update(products).set(set).where(affected);
      }
      // Sub categories go with their parent (ON DELETE CASCADE), as do sale targets naming them.
      await tx.delete(categories).where(eq(categories.id, category.id));
      await recordAudit(tx, storeId, {
        action: "category.delete",
        entityType: "category",
        entityId: category.id,
        entityLabel: category.nameEn,
        changes: {
          slug: [category.slug, null],
          nameEn: [category.nameEn, null],
          nameAr: [category.nameAr, null],
          ...(count > 0 ? { productsMoved: [null, count] } : {}),
        },
      });
      return count;
    });
    await catalogChanged(storeId);
    return { ok: true, movedProducts: moved };
  } catch (error) {
    if (error instanceof Refused) return error.result as DeleteCategoryResult;
    throw error;
  }
}

/** Top-level categories, for a parent picker (all of them when editing none). */
export async function listParentChoices(storeId: string) {
  const db = await getDb();
  return db.withStore(storeId, (tx) =>
    tx
      .select({
        id: categories.id,
        slug: categories.slug,
        nameEn: categories.nameEn,
        nameAr: categories.nameAr,
      })
      .from(categories)
      .where(isNull(categories.parentId))
      .orderBy(asc(categories.sortOrder), asc(categories.slug)),
  );
}
