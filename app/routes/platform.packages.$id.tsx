/** Staff: a new plan (`/platform/packages/new`) or one plan's edit page (issue 12). */
import { BackLink } from "~/components/admin/BackLink";
import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { PackageForm } from "~/components/platform/PackageForm";
import { entityOrNewFromPath, notFoundPage } from "~/http/entity.server";
import { staffAction, staffLoader } from "~/http/handlers.server";
import { submitSchemaForm } from "~/http/schema-form.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { seo } from "~/lib/seo";
import { packageSchema } from "~/lib/validation/packages";
import {
  createPackage,
  getPackage,
  updatePackage,
  type PackageRow,
} from "~/services/billing/packages.server";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("packages.title") });

/** The form's start values: the plan as staff typed it (price in dollars, features as text). */
function formValues(plan: PackageRow | null): Record<string, string | boolean> {
  if (!plan) return { active: true };
  const cents = String(plan.priceCents).padStart(3, "0");
  return {
    nameEn: plan.nameEn,
    nameAr: plan.nameAr,
    price: `${cents.slice(0, -2)}.${cents.slice(-2)}`,
    stripePriceId: plan.stripePriceId ?? "",
    descriptionEn: plan.descriptionEn,
    descriptionAr: plan.descriptionAr,
    active: plan.active,
    allowsCustomDomain: plan.allowsCustomDomain,
  };
}

const planOfPath = (id: string | undefined) =>
  entityOrNewFromPath(id, getPackage, { notFound: "packages.notFound" });

export const loader = staffLoader(async ({ params }) => {
  const plan = await planOfPath(params.id);
  return { isNew: !plan, values: formValues(plan), constraint: formConstraint(packageSchema) };
});

export const action = staffAction(async (args) => {
  const plan = await planOfPath(args.params.id);
  return submitSchemaForm(args, {
    schema: packageSchema,
    extra: () => ({ notice: null }),
    save: (value) => (plan ? updatePackage(plan.id, value) : createPackage(value)),
    refuse: (saved) => !saved && notFoundPage("packages.notFound"),
    success: { path: "/platform/packages" },
  });
});

export default function PlatformPackage() {
  const { isNew, values, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-10">
      <BackLink to="/platform/packages" label={t("packages.back")} />
      <h1 className="mt-4 mb-6 text-3xl font-extrabold">{isNew ? t("packages.new") : t("packages.edit")}</h1>
      <PackageForm
        defaultValue={values}
        constraint={constraint}
        result={actionData?.result}
        notice={actionData?.notice}
      />
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
