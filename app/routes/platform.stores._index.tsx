/**
 * Staff's tenant list (issue 12): every store, newest first, 25 a page; search by name, address or
 * domain; filter by state; plan, period end, domain, counts and creation date; each opens its page.
 */
import { PlatformHeader } from "~/components/platform/PlatformHeader";
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { Button } from "~/components/ui/Button";
import { useShortDate } from "~/components/platform/tenant-view";
import type { DataColumn } from "~/components/ui/DataTable";
import { ListPage } from "~/components/ui/ListPage";
import { staffLoader } from "~/http/handlers.server";
import { seo } from "~/lib/seo";
import { searchStores, type TenantListRow } from "~/services/platform/platform.server";
import { STORE_FILTERS } from "~/services/platform/store-filters";
import { readListQuery } from "~/http/list-query.server";
import { SearchInput, SelectFilter } from "~/components/ui/FilterField";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("platform.stores.title") });

export const loader = staffLoader(async ({ staff, request }) => {
  const { q, filters, cursor } = readListQuery(request, { filters: { state: STORE_FILTERS } });
  const filter = filters.state;
  const page = await searchStores({ q, filter, cursor });
  return { staff, q, filter, ...page };
});

export default function PlatformStores() {
  const { staff, q, filter, ...page } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const date = useShortDate();
  const columns: DataColumn<TenantListRow>[] = [
    {
      key: "name",
      header: t("platform.stores.name"),
      rowHeader: true,
      cell: (row) => (
        <Link
          to={`/platform/stores/${row.id}`}
          className="font-bold text-primary-ink underline underline-offset-4"
          dir="auto"
        >
          {row.name}
        </Link>
      ),
    },
    {
      key: "host",
      header: t("platform.stores.host"),
      cell: (row) => (
        <span dir="ltr" className="break-all">
          {row.customDomain && row.customDomainVerified ? row.customDomain : row.slug}
        </span>
      ),
    },
    {
      key: "status",
      header: t("platform.stores.status"),
      cell: (row) => t(`platform.stores.states.${row.state}`),
    },
    { key: "plan", header: t("platform.stores.plan"), cell: (row) => row.plan ?? "—" },
    { key: "periodEnd", header: t("platform.stores.periodEnd"), cell: (row) => date(row.periodEnd) },
    { key: "products", header: t("platform.stores.products"), align: "end", cell: (row) => row.productCount },
    { key: "orders", header: t("platform.stores.orders"), align: "end", cell: (row) => row.orderCount },
    { key: "created", header: t("platform.stores.created"), cell: (row) => date(row.createdAt) },
  ];
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-10">
      <PlatformHeader title={t("platform.stores.title")} spaced>
        <p className="text-muted">{t("admin.signedInAs", { name: staff.name })}</p>
        <Button to="/platform/packages" variant="secondary">
          {t("packages.title")}
        </Button>
        <Button to="/platform/staff" variant="secondary">
          {t("staff.title")}
        </Button>
        <Form method="post" action="/logout">
          <Button variant="secondary">{t("auth.logout")}</Button>
        </Form>
      </PlatformHeader>
      <ListPage
        texts="platform.stores"
        page={page}
        columns={columns}
        filters={{
          names: ["q", "state"],
          fields: (
            <>
              <SearchInput label={t("platform.stores.search")} defaultValue={q} />
              <SelectFilter
                label={t("platform.stores.status")}
                name="state"
                value={filter}
                all={t("platform.stores.states.all")}
                options={STORE_FILTERS.map((state) => [state, t(`platform.stores.states.${state}`)])}
              />
            </>
          ),
        }}
      />
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";
