/** Staff: the platform's plans (issue 12), cheapest first, each opening its edit page. */
import { PlatformHeader } from "~/components/platform/PlatformHeader";
import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { Button } from "~/components/ui/Button";
import { DataTable, type DataColumn } from "~/components/ui/DataTable";
import { staffLoader } from "~/http/handlers.server";
import { formatMoney } from "~/lib/money";
import { useRootData } from "~/lib/root-data";
import { seo } from "~/lib/seo";
import { listPackages } from "~/services/billing/packages.server";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("packages.title") });

export const loader = staffLoader(async () => ({ packages: await listPackages() }));

type Plan = Awaited<ReturnType<typeof listPackages>>[number];

export default function PlatformPackages() {
  const { packages } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { locale } = useRootData().shell;
  const columns: DataColumn<Plan>[] = [
    {
      key: "name",
      header: t("packages.name"),
      rowHeader: true,
      cell: (plan) => (
        <Link to={`/platform/packages/${plan.id}`} className="text-primary-ink underline underline-offset-4">
          {locale === "ar" ? plan.nameAr : plan.nameEn}
        </Link>
      ),
    },
    {
      key: "price",
      header: t("packages.price"),
      align: "end",
      cell: (plan) => (
        <span className="whitespace-nowrap">
          {t("packages.perMonth", { price: formatMoney(plan.priceCents, plan.currency, locale) })}
        </span>
      ),
    },
    {
      key: "stripePriceId",
      header: t("packages.stripePriceId"),
      cell: (plan) => (
        <span className="font-mono text-sm" dir="ltr">
          {plan.stripePriceId ?? "—"}
        </span>
      ),
    },
    {
      key: "status",
      header: t("packages.status"),
      cell: (plan) => (plan.active ? t("packages.active") : t("packages.inactive")),
    },
  ];
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-10">
      <PlatformHeader title={t("packages.title")}>
        <Button to="/platform/stores" variant="secondary">
          {t("platform.stores.title")}
        </Button>
        <Button to="/platform/packages/new">{t("packages.new")}</Button>
      </PlatformHeader>
      <div className="mt-6">
        <DataTable
          caption={t("packages.title")}
          captionHidden
          columns={columns}
          rows={packages}
          rowKey={(plan) => plan.id}
          empty={t("phoneAdmin.noPlans")}
        />
      </div>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";
