import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useStoreTimeZone } from "~/lib/use-store-time-zone";
import { useTranslation } from "~/lib/use-translation";
import { AdminPage } from "~/components/admin/AdminPage";
import { Price, useMoney } from "~/components/Price";
import { Button } from "~/components/ui/Button";
import { DataTable, type DataColumn } from "~/components/ui/DataTable";
import { adminLoader } from "~/http/handlers.server";
import { seo } from "~/lib/seo";
import { LOW_STOCK } from "~/lib/stock";
import { readTableSort, TABLE_PARAMS } from "~/lib/table-links";
import {
  listAdminProducts,
  listCategoryOptions,
  PRODUCT_SORTS,
  type AdminProductRow,
  type ProductSort,
  type ProductStatusFilter,
} from "~/services/catalog/products-admin.server";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("admin.products.title") });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STATUSES: ProductStatusFilter[] = ["all", "active", "inactive"];

export const loader = adminLoader(async ({ request, store, locale }) => {
  const search = new URL(request.url).searchParams;
  const sort = readTableSort(search, PRODUCT_SORTS, { key: "newest", dir: "desc" }) as ProductSort;
  const q = (search.get("q") ?? "").trim().slice(0, 200);
  const category = search.get("category") ?? "";
  const categoryId = UUID.test(category) ? category.toLowerCase() : null;
  const statusParam = search.get("status") as ProductStatusFilter | null;
  const status = statusParam && STATUSES.includes(statusParam) ? statusParam : "all";
  // stock=low: the dashboard's low-stock tile; anything else is every product.
  const lowStock = search.get("stock") === "low";
  const [page, categories] = await Promise.all([
    listAdminProducts(store.id, {
      q,
      categoryId,
      status,
      lowStock,
      sort,
      cursor: search.get(TABLE_PARAMS.cursor),
      locale,
    }),
    listCategoryOptions(store.id, locale),
  ]);
  return { ...page, q, categoryId, status, lowStock, sort, categories };
});

const SELECT_CLASS = "min-h-11 rounded-md border border-line bg-field px-3";

export default function AdminProducts() {
  const { rows, prevCursor, nextCursor, q, categoryId, status, lowStock, sort, categories } =
    useLoaderData<typeof loader>();
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
      <DataTable
        caption={t("admin.products.title")}
        captionHidden
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        sort={sort}
        prevCursor={prevCursor}
        nextCursor={nextCursor}
        filters={{
          names: ["q", "category", "status", "stock"],
          fields: (
            <>
              <label className="flex w-full flex-col gap-1 sm:w-auto">
                <span className="font-bold">{t("admin.products.search")}</span>
                <input type="search" name="q" defaultValue={q} maxLength={200} className={SELECT_CLASS} />
              </label>
              <label className="flex w-full flex-col gap-1 sm:w-auto">
                <span className="font-bold">{t("admin.products.category")}</span>
                <select name="category" defaultValue={categoryId ?? ""} className={SELECT_CLASS}>
                  <option value="">{t("admin.products.allCategories")}</option>
                  {categories.map((option) => (
                    <option key={option.id} value={option.id}>
                      {option.parentId ? `— ${option.name}` : option.name}
                    </option>
                  ))}
                </select>
              </label>
              <label className="flex w-full flex-col gap-1 sm:w-auto">
                <span className="font-bold">{t("admin.products.status")}</span>
                <select name="status" defaultValue={status} className={SELECT_CLASS}>
                  <option value="all">{t("admin.products.allStatuses")}</option>
                  <option value="active">{t("admin.products.active")}</option>
                  <option value="inactive">{t("admin.products.inactive")}</option>
                </select>
              </label>
              <label className="flex w-full flex-col gap-1 sm:w-auto">
                <span className="font-bold">{t("reports.stockFilter.label")}</span>
                <select name="stock" defaultValue={lowStock ? "low" : ""} className={SELECT_CLASS}>
                  <option value="">{t("reports.stockFilter.all")}</option>
                  <option value="low">{t("reports.stockFilter.low", { threshold: LOW_STOCK })}</option>
                </select>
              </label>
            </>
          ),
        }}
        empty={t("admin.products.empty")}
      />
    </AdminPage>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
