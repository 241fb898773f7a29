/** Staff: a new plan (`/platform/packages/new`) or one plan's edit page (issue 12). */
import { parseWithZod } from "@conform-to/zod";
import { data, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { PackageForm } from "~/components/platform/PackageForm";
import { staffAction, staffLoader } from "~/http/handlers.server";
import { Refusal } from "~/http/refusal.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { seo } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { packageSchema } from "~/lib/validation/packages";
import {
  createPackage,
  getPackage,
  updatePackage,
  type PackageRow,
} from "~/services/billing/packages.server";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("packages.title") });

const NEW = "new";
const notFound = () => new Refusal(404, { key: "packages.notFound" });

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

export const loader = staffLoader(async ({ params }) => {
  const id = params.id ?? "";
  const plan = id === NEW ? null : await getPackage(id);
  if (id !== NEW && !plan) throw notFound();
  return { isNew: !plan, values: formValues(plan), constraint: formConstraint(packageSchema) };
});

export const action = staffAction(async ({ params, form }) => {
  const id = params.id ?? "";
  if (id !== NEW && !(await getPackage(id))) throw notFound();
  const submission = parseWithZod(form, { schema: packageSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), notice: null }, { status: 400 });
  }
  if (id === NEW) await createPackage(submission.value);
  else if (!(await updatePackage(id, submission.value))) throw notFound();
  return redirectWithToast("/platform/packages", { key: "toast.updateSuccess" });
});

export default function PlatformPackage() {
  const { isNew, values, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-10">
      <p>
        <Link to="/platform/packages" className="font-bold text-primary-ink underline underline-offset-4">
          {t("packages.back")}
        </Link>
      </p>
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
