/** Staff: the platform's plans (issue 12), cheapest first, each opening its edit page. */
import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/Button";
import { staffLoader } from "~/http/handlers.server";
import { formatMoney } from "~/lib/money";
import { useRootData } from "~/lib/root-data";
import { seo } from "~/lib/seo";
import { listPackages } from "~/services/billing/packages.server";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("packages.title") });

export const loader = staffLoader(async () => ({ packages: await listPackages() }));

export default function PlatformPackages() {
  const { packages } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { locale } = useRootData().shell;
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-10">
      <div className="flex flex-wrap items-center gap-4">
        <h1 className="me-auto text-3xl font-extrabold">{t("packages.title")}</h1>
        <Button to="/platform/stores" variant="secondary">
          {t("platform.stores.title")}
        </Button>
        <Button to="/platform/packages/new">{t("packages.new")}</Button>
      </div>
      <div className="mt-6 overflow-x-auto">
        <table className="w-full text-start">
          <caption className="sr-only">{t("packages.title")}</caption>
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className="p-2 text-start">
                {t("packages.name")}
              </th>
              <th scope="col" className="p-2 text-end">
                {t("packages.price")}
              </th>
              <th scope="col" className="p-2 text-start">
                {t("packages.stripePriceId")}
              </th>
              <th scope="col" className="p-2 text-start">
                {t("packages.status")}
              </th>
            </tr>
          </thead>
          <tbody>
            {packages.map((plan) => (
              <tr key={plan.id} className="border-b border-line">
                <th scope="row" className="p-2 text-start font-bold">
                  <Link
                    to={`/platform/packages/${plan.id}`}
                    className="text-primary-ink underline underline-offset-4"
                  >
                    {locale === "ar" ? plan.nameAr : plan.nameEn}
                  </Link>
                </th>
                <td className="p-2 text-end whitespace-nowrap">
                  {t("packages.perMonth", { price: formatMoney(plan.priceCents, plan.currency, locale) })}
                </td>
                <td className="p-2 font-mono text-sm" dir="ltr">
                  {plan.stripePriceId ?? "—"}
                </td>
                <td className="p-2">{plan.active ? t("packages.active") : t("packages.inactive")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";
