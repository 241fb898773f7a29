/**
 * The admin's products (SPEC §2 Products): the list, creating and editing a product with its
 * images, deleting (or archiving one that has been ordered). Every function takes the store id
 * first and runs in its RLS scope; ids that come from a form are looked up again inside that
 * scope (ADR 012), so another store's id is simply not found. After each write the catalogue
 * cache is told (decision 007), so the storefront shows the change in its next response.
 */
import { and, asc, desc, eq, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { getDb, type Tx } from "~/db/client.server";
import { isViolation, UNIQUE_VIOLATION } from "~/db/violation";
import { categories, orderItems, productImages, products, productVariants } from "~/db/schema";
import type { Locale } from "~/lib/i18n";
import { LOW_STOCK } from "~/lib/stock";
import { suggestSlug, type ProductFormValue } from "~/lib/validation/products-admin";
import type { OptionInput } from "~/lib/validation/variants-admin";
import { decodeKeyset, isTimestampText, pageOf } from "~/lib/keyset.server";
import { recordProductAudit, recordProductChange } from "./product-events.server";
import { insertImage, type NewImage } from "~/services/media/images.server";
import { localized } from "~/services/store/settings.server";
import { catalogChanged } from "./catalog-cache.server";
import { likePattern, searchTerms } from "./catalog.server";
import { categoryColumns, firstImageId } from "./product-columns.server";
import { applyOptions, generateMissing, optionCount } from "./variants-admin.server";
import type { AdminProductImage } from "./contract";
import type { ProductColumns } from "./products-csv-plan.server";
import { storeJoin } from "~/db/store-scope";

export type { AdminProductImage };

export const ADMIN_PRODUCTS_PAGE_SIZE = 25;
export const PRODUCT_SORTS = ["newest", "name", "price", "stock"] as const;
export type ProductSortKey = (typeof PRODUCT_SORTS)[number];
export type ProductSort = { key: ProductSortKey; dir: "asc" | "desc" };
export type ProductStatusFilter = "all" | "active" | "inactive";

export interface AdminProductRow {
  id: string;
  slug: string;
  name: string;
  /** The lowest active variant's price (the product's summary, decision 023). */
  priceCents: number;
  /** The active variants' total stock. */
  stock: number;
  /** How many variants it is sold in (1 for a product without options). */
  variantCount: number;
  active: boolean;
  /** "Category › Sub category" in the admin's language, or null. */
  categoryName: string | null;
  imageId: string | null;
  createdAt: string;
}

export interface CategoryOption {
  id: string;
  parentId: string | null;
  slug: string;
  name: string;
}

/** The store's categories, top-level ones each followed by their sub categories. */
export async function listCategoryOptions(storeId: string, locale: Locale): Promise<CategoryOption[]> {
  const db = await getDb();
  const rows = await db.withStore(storeId, (tx) =>
    tx.select(categoryColumns).from(categories).orderBy(asc(categories.sortOrder), asc(categories.slug)),
  );
  const options = rows.map((row) => ({
    id: row.id,
    parentId: row.parentId,
    slug: row.slug,
    name: localized(row.nameEn, row.nameAr, locale),
  }));
  const tops = options.filter((option) => option.parentId === null);
  return tops.flatMap((top) => [top, ...options.filter((option) => option.parentId === top.id)]);
}

/** The colour families the store already uses: suggestions for the form. */
export async function listColorFamilies(storeId: string): Promise<string[]> {
  const db = await getDb();
  const rows = await db.withStore(storeId, (tx) =>
    tx
      .selectDistinct({ family: products.colorFamily })
      .from(products)
      .where(sql`${products.colorFamily} is not null`)
      .orderBy(asc(products.colorFamily))
      .limit(100),
  );
  return rows.map((row) => row.family!).filter(Boolean);
}

// ───────────────────────────── the list ─────────────────────────────

interface SortColumn {
  column: SQL;
  /** The anchor value as text, and how PostgreSQL reads it back. */
  text: SQL<string>;
  cast: (value: string) => SQL;
  valid: (value: string) => boolean;
}

const INTEGER = /^\d{1,10}$/;

function sortColumn(key: ProductSortKey, locale: Locale): SortColumn {
  switch (key) {
    case "name": {
      const column = locale === "ar" ? products.nameAr : products.nameEn;
      return {
        column: sql`${column}`,
        text: sql<string>`${column}`,
        cast: (value) => sql`${value}::text`,
        valid: () => true,
      };
    }
    case "price":
    case "stock": {
      const column = key === "price" ? products.priceCents : products.stock;
      return {
        column: sql`${column}`,
        text: sql<string>`${column}::text`,
        cast: (value) => sql`${value}::integer`,
        valid: (value) => INTEGER.test(value) && Number(value) <= 2_147_483_647,
      };
    }
    case "newest":
      // As text, so the cursor keeps PostgreSQL's microseconds (a JS Date would round them off).
      return {
        column: sql`${products.createdAt}`,
        text: sql<string>`${products.createdAt}::text`,
        cast: (value) => sql`${value}::timestamptz`,
        valid: isTimestampText,
      };
  }
}

/**
 * One page of the store's products, filtered (search in names, descriptions and slug; category
 * or sub category; active or not) and ordered, with keyset cursors. A cursor carries its sort
 * key, so one made for another order (or tampered with) reads as the first page.
 */
export async function listAdminProducts(
  storeId: string,
  input: {
    q: string;
    categoryId: string | null;
    status: ProductStatusFilter;
    /** Only active products with an active variant with LOW_STOCK or fewer left (the dashboard's tile). */
    lowStock?: boolean;
    sort: ProductSort;
    cursor: string | null;
    locale: Locale;
  },
): Promise<{ rows: AdminProductRow[]; prevCursor: string | null; nextCursor: string | null }> {
  const spec = sortColumn(input.sort.key, input.locale);
  const raw = decodeKeyset(input.cursor);
  const prefix = `${input.sort.key}:`;
  const keyset =
    raw && raw.value.startsWith(prefix) && spec.valid(raw.value.slice(prefix.length))
      ? { ...raw, value: raw.value.slice(prefix.length) }
      : null;
  const ascending = (input.sort.dir === "asc") !== (keyset?.side === "before");
  const filters: SQL[] = [eq(products.storeId, storeId)];
  for (const term of searchTerms(input.q)) {
    const pattern = likePattern(term);
    filters.push(sql`(${products.searchText} like ${pattern} or ${products.slug} like ${pattern})`);
  }
  if (input.categoryId) {
    filters.push(
      or(eq(products.categoryId, input.categoryId), eq(products.subcategoryId, input.categoryId))!,
    );
  }
  // Literal predicates, never `active = $1`, so the storefront's partial indexes (… WHERE active)
  // can serve the active products' newest and price orders (see catalog.server.ts isActive).
  if (input.status === "active") filters.push(sql`${products.active}`);
  if (input.status === "inactive") filters.push(sql`not ${products.active}`);
  // Low when any variant on sale is low (decision 023: stock lives on the variants).
  if (input.lowStock) {
    filters.push(sql`products.active and exists (select 1 from product_variants v
      where v.store_id = products.store_id and v.product_id = products.id
        and v.active and v.stock <= ${LOW_STOCK})`);
  }
  if (keyset) {
    const anchor = sql`(${spec.cast(keyset.value)}, ${keyset.id}::uuid)`;
    filters.push(
      ascending
        ? sql`(${spec.column}, ${products.id}) > ${anchor}`
        : sql`(${spec.column}, ${products.id}) < ${anchor}`,
    );
  }
  const category = alias(categories, "category");
  const sub = alias(categories, "sub");
  const db = await getDb();
  const fetched = await db.withStore(storeId, (tx) =>
    tx
      .select({
        id: products.id,
        slug: products.slug,
        nameEn: products.nameEn,
        nameAr: products.nameAr,
        priceCents: products.priceCents,
        stock: products.stock,
        active: products.active,
        createdAt: products.createdAt,
        anchor: spec.text,
        categoryEn: category.nameEn,
        categoryAr: category.nameAr,
        subEn: sub.nameEn,
        subAr: sub.nameAr,
        imageId: firstImageId(),
        variantCount: sql<number>`(select count(*) from product_variants v
          where v.store_id = products.store_id and v.product_id = products.id)::int`,
      })
      .from(products)
      .leftJoin(category, storeJoin(category, "id", products, "categoryId"))
      .leftJoin(sub, storeJoin(sub, "id", products, "subcategoryId"))
      .where(and(...filters))
      .orderBy(...(ascending ? [asc(spec.column), asc(products.id)] : [desc(spec.column), desc(products.id)]))
      .limit(ADMIN_PRODUCTS_PAGE_SIZE + 1),
  );
  const page = pageOf(fetched, ADMIN_PRODUCTS_PAGE_SIZE, keyset, (row) => ({
    value: `${prefix}${row.anchor}`,
    id: row.id,
  }));
  return {
    ...page,
    rows: page.rows.map((row) => {
      const categoryName =
        row.categoryEn !== null ? localized(row.categoryEn, row.categoryAr ?? "", input.locale) : null;
      const subName = row.subEn !== null ? localized(row.subEn, row.subAr ?? "", input.locale) : null;
      return {
        id: row.id,
        slug: row.slug,
        name: localized(row.nameEn, row.nameAr, input.locale),
        priceCents: row.priceCents,
        stock: row.stock,
        variantCount: Number(row.variantCount),
        active: row.active,
        categoryName: categoryName && subName ? `${categoryName} › ${subName}` : categoryName,
        imageId: row.imageId,
        createdAt: new Date(row.createdAt).toISOString(),
      };
    }),
  };
}

// ───────────────────────────── one product ─────────────────────────────

/** A product on its admin page: the columns the import writes too, and its price, stock and more. */
export interface AdminProduct extends ProductColumns {
  id: string;
  slug: string;
  priceCents: number;
  stock: number;
  /** The one variant's weight in grams of a product without options; null: the store's default. */
  weightGrams: number | null;
  images: AdminProductImage[];
  /** Ordered at least once: deleting archives it instead. */
  hasOrders: boolean;
  /** Its options (0: sold in one version, priced on the product form; else per variant). */
  optionCount: number;
}

export async function getAdminProduct(storeId: string, productId: string): Promise<AdminProduct | null> {
  const db = await getDb();
  return db.withStore(storeId, (tx) => getAdminProductIn(tx, productId));
}

/** The product's gallery, in its order (a query: the caller may lock the rows). */
const galleryRows = (tx: Tx, productId: string) =>
  tx
    .select({
      id: productImages.id,
      imageId: productImages.imageId,
      altEn: productImages.altEn,
      altAr: productImages.altAr,
    })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.id));

/** getAdminProduct inside the caller's transaction of the store (a webhook event's snapshot). */
export async function getAdminProductIn(tx: Tx, productId: string): Promise<AdminProduct | null> {
  const [product] = await tx.select().from(products).where(eq(products.id, productId));
  if (!product) return null;
  const [gallery, ordered, options, [variantWeight]] = await Promise.all([
    galleryRows(tx, productId),
    hasOrders(tx, productId),
    optionCount(tx, productId),
    // A product without options has one variant: its weight is the form's (issue 33).
    tx
      .select({ weightGrams: productVariants.weightGrams })
      .from(productVariants)
      .where(eq(productVariants.productId, productId))
      .orderBy(asc(productVariants.id))
      .limit(1),
  ]);
  return {
    id: product.id,
    slug: product.slug,
    nameEn: product.nameEn,
    nameAr: product.nameAr,
    descriptionEn: product.descriptionEn,
    descriptionAr: product.descriptionAr,
    priceCents: product.priceCents,
    stock: product.stock,
    categoryId: product.categoryId,
    subcategoryId: product.subcategoryId,
    shadeHex: product.shadeHex,
    colorFamily: product.colorFamily,
    active: product.active,
    taxClass: product.taxClass,
    weightGrams: variantWeight?.weightGrams ?? null,
    images: gallery,
    hasOrders: ordered,
    optionCount: options,
  };
}

async function hasOrders(tx: Tx, productId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(eq(orderItems.productId, productId))
    .limit(1);
  return row !== undefined;
}

/** An uploaded image that passed checkImage, with its bytes. */
export type CheckedUpload = NewImage;

export type FieldErrors = Record<string, string[]>;
export type SaveProductResult =
  | { ok: true; id: string; slug: string }
  | { ok: false; error: "not-found" }
  | { ok: false; error: "fields"; fieldErrors: FieldErrors };

const fieldError = (field: string, key: string): Extract<SaveProductResult, { error: "fields" }> => ({
  ok: false,
  error: "fields",
  fieldErrors: { [field]: [`admin.products.errors.${key}`] },
});

/** A unique violation of the store's product slugs, through drizzle's wrapping. */
export function isSlugConflict(error: unknown): boolean {
  return isViolation(error, UNIQUE_VIOLATION, "products_store_slug_key");
}

/**
 * Checks a category and sub category named by the form against this store: an id the store does
 * not have is "not found" (a forged or stale id); a sub category that is not the category's is a
 * field error the admin can fix.
 */
async function checkCategories(
  tx: Tx,
  categoryId: string | null,
  subcategoryId: string | null,
): Promise<Exclude<SaveProductResult, { ok: true }> | null> {
  const ids = [categoryId, subcategoryId].filter((id): id is string => id !== null);
  if (ids.length === 0) return null;
  const found = await tx
    .select({ id: categories.id, parentId: categories.parentId })
    .from(categories)
    .where(inArray(categories.id, ids));
  const category = found.find((row) => row.id === categoryId);
  const sub = found.find((row) => row.id === subcategoryId);
  if ((categoryId && !category) || (subcategoryId && !sub)) return { ok: false, error: "not-found" };
  if (category && category.parentId !== null) return fieldError("categoryId", "categoryNotTop");
  if (sub && sub.parentId !== categoryId) return fieldError("subcategoryId", "subNotInCategory");
  return null;
}

/** The first of `base`, `base-2`, `base-3`… that no other product of the store uses. */
async function freeSlug(tx: Tx, base: string, exceptId: string | null): Promise<string> {
  const rows = await tx
    .select({ slug: products.slug })
    .from(products)
    .where(
      and(
        or(eq(products.slug, base), sql`${products.slug} like ${`${base.replace(/[\\%_]/g, "\\$&")}-%`}`),
        exceptId ? ne(products.id, exceptId) : undefined,
      ),
    );
  const taken = new Set(rows.map((row) => row.slug));
  let slug = base;
  for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
  return slug;
}

/**
 * Creates (productId null) or updates a product and appends `uploads` to its images, in one
 * transaction. A typed slug another product has is a field error; an empty one is made from the
 * English name, numbered when that is taken.
 *
 * Price and stock live on the variants (decision 023). A product without options gets the form's
 * price and stock on its one variant (the database writes it through); a product with options
 * takes neither from this form (its variants table sets them), so no field here is ever saved
 * and then put back. A new product made with `options` gets them, and one variant per
 * combination, each at the form's price and stock.
 */
export async function saveProduct(
  storeId: string,
  productId: string | null,
  value: ProductFormValue,
  uploads: CheckedUpload[] = [],
  options: OptionInput[] = [],
): Promise<SaveProductResult> {
  const db = await getDb();
  let result: SaveProductResult;
  try {
    result = await db.withStore(storeId, async (tx) => {
      let pricing = value.price !== undefined && value.stock !== undefined;
      let before: Record<string, unknown> | null = null;
      if (productId) {
        const [existing] = await tx.select().from(products).where(eq(products.id, productId)).for("update");
        if (!existing) return { ok: false, error: "not-found" } as const;
        if (pricing && (await optionCount(tx, productId)) > 0) pricing = false;
        before = { ...auditedProduct(existing), weightGrams: await oneVariantWeight(tx, productId) };
      }
      const categoryProblem = await checkCategories(tx, value.categoryId, value.subcategoryId);
      if (categoryProblem) return categoryProblem;
      let slug = value.slug;
      if (slug) {
        const [other] = await tx
          .select({ id: products.id })
          .from(products)
          .where(and(eq(products.slug, slug), productId ? ne(products.id, productId) : undefined));
        if (other) return fieldError("slug", "slugTaken");
      } else {
        const base = suggestSlug(value.nameEn);
        if (!base) return fieldError("slug", "slugNeeded");
        slug = await freeSlug(tx, base, productId);
      }
      const fields = {
        slug,
        nameEn: value.nameEn,
        nameAr: value.nameAr,
        descriptionEn: value.descriptionEn,
        descriptionAr: value.descriptionAr,
        categoryId: value.categoryId,
        subcategoryId: value.subcategoryId,
        shadeHex: value.shadeHex,
        colorFamily: value.colorFamily,
        active: value.active,
        ...(value.taxClass ? { taxClass: value.taxClass } : {}),
      };
      const priced = pricing ? { priceCents: value.price!, stock: value.stock! } : {};
      let id = productId;
      if (id) {
        await tx
          .update(products)
          .set({ ...fields, ...priced, updatedAt: new Date() })
          .where(eq(products.id, id));
      } else {
        const start = { priceCents: value.price ?? 0, stock: value.stock ?? 0 };
        const [row] = await tx
          .insert(products)
          .values({ storeId, ...fields, ...start })
          .returning({ id: products.id });
        id = row!.id;
        if (options.length > 0) {
          // A new product has no orders: nothing here can be refused but the combinations' count.
          // Thrown, not returned: the product just inserted must not stay.
          const refused = await applyOptions(tx, storeId, id, options, start.priceCents);
          if (refused) throw new Undone(fieldError("", "badRequest"));
          const made = await generateMissing(tx, storeId, id, start);
          if (!made.ok) throw new Undone(fieldError("", "badRequest"));
        }
      }
      // The weight (issue 33) goes on the one variant of a product without options, or on every
      // variant a new product with options starts with.
      if (value.weightGrams !== undefined && (pricing || !productId)) {
        await tx
          .update(productVariants)
          .set({ weightGrams: value.weightGrams })
          .where(eq(productVariants.productId, id));
      }
      await appendImages(tx, storeId, id, uploads);
      // The activity log (decision 046): the product's fields, its price and stock when this form
      // sets them, and the images added.
      const weighed = value.weightGrams !== undefined && (pricing || !productId);
      await recordProductChange(tx, storeId, {
        action: productId ? "product.update" : "product.create",
        entityType: "product",
        entityId: id,
        entityLabel: value.nameEn,
        before,
        after: {
          ...fields,
          ...(productId ? priced : { priceCents: value.price ?? 0, stock: value.stock ?? 0 }),
          ...(weighed ? { weightGrams: value.weightGrams } : {}),
          ...(options.length > 0 && !productId ? { options: options.map((option) => option.nameEn) } : {}),
          ...(uploads.length > 0 ? { imagesAdded: uploads.length } : {}),
        },
      });
      return { ok: true, id, slug } as const;
    });
  } catch (error) {
    if (error instanceof Undone) return error.result;
    // Two saves choosing one slug at the same moment: the constraint decides, the loser is told.
    if (isSlugConflict(error)) return fieldError("slug", "slugTaken");
    throw error;
  }
  if (result.ok) await catalogChanged(storeId);
  return result;
}

/** A product row's fields the activity log follows (not its search text or timestamps). */
function auditedProduct(row: typeof products.$inferSelect): Record<string, unknown> {
  return {
    slug: row.slug,
    nameEn: row.nameEn,
    nameAr: row.nameAr,
    descriptionEn: row.descriptionEn,
    descriptionAr: row.descriptionAr,
    categoryId: row.categoryId,
    subcategoryId: row.subcategoryId,
    shadeHex: row.shadeHex,
    colorFamily: row.colorFamily,
    active: row.active,
    taxClass: row.taxClass,
    priceCents: row.priceCents,
    stock: row.stock,
  };
}

async function oneVariantWeight(tx: Tx, productId: string): Promise<number | null> {
  const [row] = await tx
    .select({ weightGrams: productVariants.weightGrams })
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.id))
    .limit(1);
  return row?.weightGrams ?? null;
}

/** A refusal found mid-transaction: thrown so the transaction rolls back, answered as `result`. */
class Undone extends Error {
  constructor(readonly result: SaveProductResult) {
    super("undone");
  }
}

async function appendImages(tx: Tx, storeId: string, productId: string, uploads: CheckedUpload[]) {
  if (uploads.length === 0) return;
  const [last] = await tx
    .select({ position: sql<number>`coalesce(max(${productImages.position}), -1)::int` })
    .from(productImages)
    .where(eq(productImages.productId, productId));
  let position = Number(last?.position ?? -1);
  for (const upload of uploads) {
    const imageId = await insertImage(tx, storeId, upload);
    position += 1;
    await tx.insert(productImages).values({ storeId, productId, imageId, position });
  }
}

/** Adds images to an existing product (the edit page's upload). */
export async function addProductImages(
  storeId: string,
  productId: string,
  uploads: CheckedUpload[],
): Promise<{ ok: boolean }> {
  const db = await getDb();
  const ok = await db.withStore(storeId, async (tx) => {
    const [existing] = await tx
      .select({ id: products.id, nameEn: products.nameEn })
      .from(products)
      .where(eq(products.id, productId))
      .for("update");
    if (!existing) return false;
    await appendImages(tx, storeId, productId, uploads);
    if (uploads.length > 0) {
      await recordProductAudit(tx, storeId, {
        action: "product.images",
        entityType: "product",
        entityId: productId,
        entityLabel: existing.nameEn,
        changes: { imagesAdded: [null, uploads.length] },
      });
    }
    return true;
  });
  if (ok) await catalogChanged(storeId);
  return { ok };
}

export type ImageChange =
  { kind: "save"; altEn: string; altAr: string } | { kind: "up" } | { kind: "down" } | { kind: "remove" };

/**
 * One image of a product: its alt texts, a step up or down the order, or removal. The row must
 * belong to this product of this store, or nothing happens ("not found"). A removed image's
 * bytes go too, unless something else still shows them.
 */
export async function changeProductImage(
  storeId: string,
  productId: string,
  rowId: string,
  change: ImageChange,
): Promise<{ ok: boolean }> {
  const db = await getDb();
  const ok = await db.withStore(storeId, async (tx) => {
    const rows = await galleryRows(tx, productId).for("update");
    const index = rows.findIndex((row) => row.id === rowId);
    if (index < 0) return false;
    const [product] = await tx
      .select({ nameEn: products.nameEn })
      .from(products)
      .where(eq(products.id, productId));
    const entity = {
      action: "product.images",
      entityType: "product",
      entityId: productId,
      entityLabel: product?.nameEn ?? "",
    } as const;
    if (change.kind === "save") {
      await tx
        .update(productImages)
        .set({ altEn: change.altEn, altAr: change.altAr })
        .where(eq(productImages.id, rowId));
      await recordProductChange(tx, storeId, {
        ...entity,
        before: { altEn: rows[index]!.altEn, altAr: rows[index]!.altAr },
        after: { altEn: change.altEn, altAr: change.altAr },
      });
      return true;
    }
    const order = rows.map((row) => row.id);
    if (change.kind === "remove") {
      order.splice(index, 1);
      await tx.delete(productImages).where(eq(productImages.id, rowId));
      await deleteUnusedImage(tx, rows[index]!.imageId);
      await recordProductAudit(tx, storeId, { ...entity, changes: { imagesRemoved: [null, 1] } });
    } else {
      const other = change.kind === "up" ? index - 1 : index + 1;
      if (other < 0 || other >= order.length) return true;
      [order[index], order[other]] = [order[other]!, order[index]!];
      await recordProductAudit(tx, storeId, {
        ...entity,
        changes: { imagePosition: [index + 1, other + 1] },
      });
    }
    // Positions renumbered 0, 1, 2… so the order never depends on ties.
    for (const [position, id] of order.entries()) {
      await tx.update(productImages).set({ position }).where(eq(productImages.id, id));
    }
    return true;
  });
  if (ok) await catalogChanged(storeId);
  return { ok };
}

/** Deletes an image's bytes when no gallery, category, logo, hero or avatar shows it any more. */
async function deleteUnusedImage(tx: Tx, imageId: string) {
  await tx.execute(sql`
    delete from images i where i.id = ${imageId}
      and not exists (select 1 from product_images pi where pi.store_id = i.store_id and pi.image_id = i.id)
      and not exists (select 1 from categories c where c.store_id = i.store_id and c.image_id = i.id)
      and not exists (select 1 from users u where u.store_id = i.store_id and u.image_id = i.id)
      and not exists (select 1 from store_settings s where s.store_id = i.store_id
        and (s.logo_image_id = i.id or s.hero_image_id = i.id))`);
}

export type DeleteProductResult = { ok: true; outcome: "deleted" | "archived" } | { ok: false };

/**
 * Deletes a product, or archives it (inactive: off the storefront, kept for its orders) when it
 * has been ordered: order lines keep pointing at it (order_items_product_fk).
 */
export async function deleteProduct(storeId: string, productId: string): Promise<DeleteProductResult> {
  const db = await getDb();
  const outcome = await db.withStore(storeId, (tx) => deleteProductIn(tx, storeId, productId));
  if (!outcome) return { ok: false };
  await catalogChanged(storeId);
  return { ok: true, outcome };
}

/**
 * `deleteProduct`'s work inside the caller's transaction (the list deletes several in one): the
 * product row locked, then deleted with its unused images, or archived when orders name it; null
 * when the store has no such product.
 */
export async function deleteProductIn(
  tx: Tx,
  storeId: string,
  productId: string,
): Promise<"deleted" | "archived" | null> {
  const [existing] = await tx.select().from(products).where(eq(products.id, productId)).for("update");
  if (!existing) return null;
  const entity = { entityType: "product", entityId: productId, entityLabel: existing.nameEn } as const;
  if (await hasOrders(tx, productId)) {
    await tx.update(products).set({ active: false, updatedAt: new Date() }).where(eq(products.id, productId));
    await recordProductAudit(tx, storeId, {
      action: "product.archive",
      ...entity,
      changes: { active: [existing.active, false] },
    });
    return "archived";
  }
  await recordProductChange(tx, storeId, {
    action: "product.delete",
    ...entity,
    before: {
      slug: existing.slug,
      nameEn: existing.nameEn,
      nameAr: existing.nameAr,
      priceCents: existing.priceCents,
      stock: existing.stock,
    },
    after: null,
  });
  const gallery = await tx
    .select({ imageId: productImages.imageId })
    .from(productImages)
    .where(eq(productImages.productId, productId));
  await tx.delete(products).where(eq(products.id, productId));
  for (const { imageId } of gallery) await deleteUnusedImage(tx, imageId);
  return "deleted";
}
