import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GettingStarted } from "~/components/admin/GettingStarted";
import { Avatar } from "~/components/ui/Avatar";
import { Button } from "~/components/ui/Button";
import { seo } from "~/lib/seo";
import { adminLoader } from "~/http/handlers.server";
import { gettingStarted } from "~/services/store/getting-started.server";
import type { loader as layoutLoader } from "./admin";

/**
 * Every admin child declares adminLoader itself: Remix runs a child's loader without its
 * layout's, so the check must be on the child itself.
 */
export const loader = adminLoader(async ({ store }) => ({ steps: await gettingStarted(store.id) }));

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("admin.dashboard") });

export default function AdminDashboard() {
  const data = useRouteLoaderData<typeof layoutLoader>("routes/admin");
  const { steps } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  if (!data) return null;
  const { admin } = data;
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-extrabold">{t("admin.dashboard")}</h1>
      <div className="mt-6">
        <GettingStarted steps={steps} />
      </div>
      <div className="mt-6 flex items-center gap-4 rounded-lg border border-line p-4">
        <Link to="/admin/profile" aria-label={t("admin.openProfile")}>
          <Avatar name={admin.name} imageId={admin.imageId} size={56} />
        </Link>
        <div>
          <p className="font-bold" dir="auto">
            {t("admin.signedInAs", { name: admin.name })}
          </p>
          <p className="text-muted">{admin.email}</p>
        </div>
        <Form method="post" action="/logout" className="ms-auto">
          <Button variant="secondary">{t("auth.logout")}</Button>
        </Form>
      </div>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";
