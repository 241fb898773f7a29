import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useStoreTimeZone } from "~/lib/use-store-time-zone";
import { useTranslation } from "~/lib/use-translation";
import { AdminPage } from "~/components/admin/AdminPage";
import { Price, useMoney } from "~/components/Price";
import { Button } from "~/components/ui/Button";
import type { DataColumn } from "~/components/ui/DataTable";
import { SearchInput, SelectFilter } from "~/components/ui/FilterField";
import { ListPage } from "~/components/ui/ListPage";
import { adminLoader } from "~/http/handlers.server";
import { readListQuery } from "~/http/list-query.server";
import { seo } from "~/lib/seo";
import { LOW_STOCK } from "~/lib/stock";
import { uuidOrNull } from "~/lib/uuid";
import {
  listAdminProducts,
  listCategoryOptions,
  PRODUCT_SORTS,
  type AdminProductRow,
  type ProductStatusFilter,
} from "~/services/catalog/products-admin.server";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("admin.products.title") });

export const loader = adminLoader(async ({ request, store, locale }) => {
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

export default function AdminProducts() {
  const { q, categoryId, status, lowStock, sort, categories, ...page } = useLoaderData<typeof loader>();
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
      <ListPage
        texts="admin.products"
        page={page}
        columns={columns}
        sort={sort}
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

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
