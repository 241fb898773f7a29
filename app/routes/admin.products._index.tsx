import { data, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { useStoreTimeZone } from "~/lib/use-store-time-zone";
import { useTranslation } from "~/lib/use-translation";
import { ActionNotice } from "~/components/admin/ActionNotice";
import { AdminPage } from "~/components/admin/AdminPage";
import { BulkResult } from "~/components/admin/BulkResult";
import { BulkDeleteConfirmation, ProductsBulkBar } from "~/components/admin/ProductsBulkBar";
import { Price, useMoney } from "~/components/Price";
import { Button } from "~/components/ui/Button";
import type { DataColumn } from "~/components/ui/DataTable";
import { SearchInput, SelectFilter } from "~/components/ui/FilterField";
import { ListPage } from "~/components/ui/ListPage";
import { BULK_FORM, bulkFormSchema } from "~/http/bulk-selection.server";
import { adminLoader, type ShopperArgs } from "~/http/handlers.server";
import { intentAction } from "~/http/intent-action.server";
import { readListQuery } from "~/http/list-query.server";
import { Refusal } from "~/http/refusal.server";
import { BULK_FIELD, bulkIdsSchema, type BulkOutcome } from "~/lib/bulk";
import { seo } from "~/lib/seo";
import { LOW_STOCK } from "~/lib/stock";
import { UUID_PATTERN, uuidOrNull } from "~/lib/uuid";
import {
  listAdminProducts,
  listCategoryOptions,
  PRODUCT_SORTS,
  type AdminProductRow,
  type ProductStatusFilter,
} from "~/services/catalog/products-admin.server";
import {
  deleteProducts,
  moveProductsToCategory,
  productLabels,
  setProductsActive,
  type BulkProductsResult,
} from "~/services/catalog/products-bulk.server";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("admin.products.title") });

export const loader = adminLoader("products.edit", async ({ request, store, locale }) => {
  const { q, filters, sort, cursor } = readListQuery(request, {
    // stock=low: the dashboard's low-stock tile; anything else is every product.
    filters: { category: uuidOrNull, status: ["active", "inactive"] as const, stock: ["low"] as const },
    sort: { allowed: PRODUCT_SORTS, fallback: { key: "newest", dir: "desc" } },
  });
  const categoryId = filters.category;
  const status: ProductStatusFilter = filters.status ?? "all";
  const lowStock = filters.stock === "low";
  const [page, categories] = await Promise.all([
    listAdminProducts(store.id, { q, categoryId, status, lowStock, sort, cursor, locale }),
    listCategoryOptions(store.id, locale),
  ]);
  return { ...page, q, categoryId, status, lowStock, sort, categories };
});

/** "Add to category": the chosen products and the category they go in. */
const categoryFormSchema = bulkFormSchema.extend({
  categoryId: z.string().regex(UUID_PATTERN, "admin.products.bulk.errors.categoryRequired"),
});

/** "Delete": the chosen products; `confirm=yes` once the admin has confirmed. */
const deleteFormSchema = z.object({ [BULK_FIELD]: bulkIdsSchema, confirm: z.literal("yes").optional() });

/**
 * The list's bulk actions (issue 39) on the chosen products (`ids`, at most BULK_MAX), each in one
 * transaction: activate, deactivate, put in a category, delete (or archive those with orders). The
 * answer names each product done and each refused with its reason; nothing done at all is a 409.
 * Delete acts only when confirmed: the dialog sends `confirm=yes`; without JavaScript the first
 * press answers with the confirmation (which products) and acts on nothing. Nothing chosen, too
 * many, a forged id or a category the store does not have → 400/404 and nothing changed; another
 * store's product id is "not found" and changes nothing of that store.
 */
export const action = intentAction("products.edit", {
  activate: [bulkFormSchema, (value, args) => setActive(value[BULK_FIELD], true, args), BULK_FORM],
  deactivate: [bulkFormSchema, (value, args) => setActive(value[BULK_FIELD], false, args), BULK_FORM],
  category: [
    categoryFormSchema,
    async (value, { store, locale }) => {
      const moved = await moveProductsToCategory(store.id, value[BULK_FIELD], value.categoryId, locale);
      if (!moved) throw new Refusal(404, { key: "admin.products.bulk.errors.categoryNotFound" });
      const { category, ...result } = moved;
      return answer("category", result, { category });
    },
    { ...BULK_FORM, messageFields: [BULK_FIELD, "categoryId"] },
  ],
  delete: [
    deleteFormSchema,
    async (value, { store, locale }) => {
      const ids = value[BULK_FIELD];
      if (value.confirm !== "yes") {
        const products = await productLabels(store.id, ids, locale);
        if (products.length > 0) return { confirmDelete: { products } };
      }
      return answer("delete", await deleteProducts(store.id, ids, locale));
    },
    BULK_FORM,
  ],
});

async function setActive(ids: string[], active: boolean, { store, locale }: ShopperArgs) {
  return answer(active ? "activate" : "deactivate", await setProductsActive(store.id, ids, active, locale));
}

function answer(action: string, result: BulkProductsResult, params?: Record<string, string>) {
  const bulk: BulkOutcome = { action, ...result, params };
  return data({ bulk }, { status: result.done.length + result.archived.length > 0 ? 200 : 409 });
}

export default function AdminProducts() {
  const { q, categoryId, status, lowStock, sort, categories, ...page } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const timeZone = useStoreTimeZone();
  const dateFormat = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: "medium",
    numberingSystem: "latn",
    timeZone,
  });
  const columns: DataColumn<AdminProductRow>[] = [
    {
      key: "image",
      header: t("admin.products.image"),
      cell: (row) =>
        row.imageId ? (
          <img
            src={`/resources/image?url=/images/${row.imageId}&w=128`}
            alt=""
            width={48}
            height={48}
            loading="lazy"
            className="size-12 rounded object-cover"
          />
        ) : (
          <span aria-hidden="true" className="block size-12 rounded bg-secondary/15" />
        ),
    },
    {
      key: "name",
      header: t("admin.products.name"),
      sortable: true,
      rowHeader: true,
      cell: (row) => (
        <span className="flex min-w-40 flex-col">
          <Link
            to={`/admin/products/${row.id}`}
            className="underline underline-offset-4 hover:no-underline"
            dir="auto"
          >
            {row.name}
          </Link>
          <span className="text-sm font-normal text-muted" dir="ltr">
            {row.slug}
          </span>
        </span>
      ),
    },
    {
      key: "category",
      header: t("admin.products.category"),
      cell: (row) =>
        row.categoryName ? (
          <span dir="auto" className="block min-w-40">
            {row.categoryName}
          </span>
        ) : (
          "—"
        ),
    },
    {
      key: "price",
      header: t("admin.products.price"),
      sortable: true,
      align: "end",
      // A product in several variants shows its lowest price on sale (the product's summary).
      cell: (row) =>
        row.variantCount > 1 ? (
          t("adminVariants.fromPrice", { price: money(row.priceCents) })
        ) : (
          <Price minor={row.priceCents} />
        ),
    },
    {
      key: "stock",
      header: t("admin.products.stock"),
      sortable: true,
      align: "end",
      // The variants on sale, all together (decision 023), and how many variants there are.
      cell: (row) =>
        row.variantCount > 1 ? (
          <span className="flex flex-col">
            <span>{row.stock}</span>
            <span className="text-sm whitespace-nowrap text-muted">
              {t("adminVariants.listVariants", { count: row.variantCount })}
            </span>
          </span>
        ) : (
          row.stock
        ),
    },
    {
      key: "status",
      header: t("admin.products.status"),
      cell: (row) => (
        <span
          className={
            row.active
              ? "rounded-full bg-green-100 px-2 py-0.5 text-sm font-bold text-green-900 dark:bg-green-900 dark:text-green-100"
              : "rounded-full bg-card px-2 py-0.5 text-sm font-bold text-muted"
          }
        >
          {row.active ? t("admin.products.active") : t("admin.products.inactive")}
        </span>
      ),
    },
    {
      key: "newest",
      header: t("admin.products.added"),
      sortable: true,
      cell: (row) => <span className="whitespace-nowrap">{dateFormat.format(new Date(row.createdAt))}</span>,
    },
  ];
  return (
    <AdminPage title={t("admin.products.title")}>
      <div className="flex flex-wrap gap-3">
        <Button to="/admin/products/new">{t("admin.products.new")}</Button>
        <Button to="/admin/products/import" variant="secondary">
          {t("admin.products.import.title")}
        </Button>
        <Button to="/admin/products/export.csv" reloadDocument variant="secondary">
          {t("admin.products.export")}
        </Button>
      </div>
      <ActionNotice data={actionData} />
      <BulkResult
        data={actionData}
        texts="admin.products"
        reasonKey={(reason) => `admin.products.bulk.refused.${reason}`}
      />
      {actionData && "confirmDelete" in actionData ? (
        <BulkDeleteConfirmation products={actionData.confirmDelete.products} />
      ) : null}
      <ListPage
        texts="admin.products"
        page={page}
        columns={columns}
        sort={sort}
        selection={{
          form: BULK_FORM_ID,
          name: BULK_FIELD,
          label: (row) => t("admin.products.bulk.select", { name: row.name }),
        }}
        toolbar={
          <ProductsBulkBar
            formId={BULK_FORM_ID}
            rowIds={page.rows.map((row) => row.id)}
            categories={categories}
          />
        }
        filters={{
          names: ["q", "category", "status", "stock"],
          fields: (
            <>
              <SearchInput label={t("admin.products.search")} defaultValue={q} />
              <SelectFilter
                label={t("admin.products.category")}
                name="category"
                value={categoryId}
                all={t("admin.products.allCategories")}
                options={categories.map((option) => [
                  option.id,
                  option.parentId ? `— ${option.name}` : option.name,
                ])}
              />
              <SelectFilter
                label={t("admin.products.status")}
                name="status"
                value={status}
                all={t("admin.products.allStatuses")}
                allValue="all"
                options={[
                  ["active", t("admin.products.active")],
                  ["inactive", t("admin.products.inactive")],
                ]}
              />
              <SelectFilter
                label={t("reports.stockFilter.label")}
                name="stock"
                value={lowStock ? "low" : ""}
                all={t("reports.stockFilter.all")}
                options={[["low", t("reports.stockFilter.low", { threshold: LOW_STOCK })]]}
              />
            </>
          ),
        }}
      />
    </AdminPage>
  );
}

/** The form the rows' checkboxes and the bulk bar's controls belong to. */
const BULK_FORM_ID = "products-bulk";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
