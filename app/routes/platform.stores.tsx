import type { MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/Button";
import { seo } from "~/lib/seo";
import { listStores } from "~/services/platform/platform.server";
import { staffLoader } from "~/http/handlers.server";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("platform.stores.title") });

export const loader = staffLoader(async ({ staff }) => ({ staff, stores: await listStores() }));

export default function PlatformStores() {
  const { staff, stores } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-10">
      <div className="flex flex-wrap items-center gap-4">
        <h1 className="me-auto text-3xl font-extrabold">{t("platform.stores.title")}</h1>
        <p className="text-muted">{t("admin.signedInAs", { name: staff.name })}</p>
        <Form method="post" action="/logout">
          <Button variant="secondary">{t("auth.logout")}</Button>
        </Form>
      </div>
      <div className="mt-6 overflow-x-auto">
        <table className="w-full text-start">
          <caption className="sr-only">{t("platform.stores.title")}</caption>
          <thead>
            <tr className="border-b border-line text-start">
              <th scope="col" className="p-2 text-start">
                {t("platform.stores.name")}
              </th>
              <th scope="col" className="p-2 text-start">
                {t("platform.stores.host")}
              </th>
              <th scope="col" className="p-2 text-start">
                {t("platform.stores.status")}
              </th>
              <th scope="col" className="p-2 text-end">
                {t("platform.stores.users")}
              </th>
              <th scope="col" className="p-2 text-end">
                {t("platform.stores.products")}
              </th>
              <th scope="col" className="p-2 text-end">
                {t("platform.stores.orders")}
              </th>
            </tr>
          </thead>
          <tbody>
            {stores.map((store) => (
              <tr key={store.id} className="border-b border-line">
                <th scope="row" className="p-2 text-start font-bold" dir="auto">
                  {store.name}
                </th>
                <td className="p-2" dir="ltr">
                  {store.customDomain ?? store.slug}
                </td>
                <td className="p-2">{t(`platform.stores.statuses.${store.status}`)}</td>
                <td className="p-2 text-end">{store.userCount}</td>
                <td className="p-2 text-end">{store.productCount}</td>
                <td className="p-2 text-end">{store.orderCount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";
