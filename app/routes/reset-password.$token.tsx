import { parseWithZod } from "@conform-to/zod";
import { NewPasswordField } from "~/components/PasswordFields";
import { data, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { useFormPending } from "~/lib/use-form-pending";
import { AuthCard } from "~/components/AuthCard";
import { Button } from "~/components/ui/Button";
import { ExpiredLinkCard } from "~/components/ExpiredLinkCard";
import { seo } from "~/lib/seo";
import { formConstraint } from "~/lib/form-constraint.server";
import { useSchemaForm } from "~/lib/use-schema-form";
import { resetPasswordSchema } from "~/lib/validation/auth";
import { isResetTokenUsable, resetPassword } from "~/services/identity/accounts.server";
import { redirectSignedIn } from "~/http/sessions.server";
import { storeAction, storeLoader } from "~/http/handlers.server";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("auth.reset.title") });

export const loader = storeLoader(async ({ params, store }) => {
  const usable = await isResetTokenUsable(store.id, params.token ?? "");
  return data(
    { usable, constraint: formConstraint(resetPasswordSchema) },
    { status: usable ? 200 : 410, headers: { "Referrer-Policy": "no-referrer" } },
  );
});

/** The browser loads the schema on the form's first focus (see useSchemaForm). */
const loadSchema = () => import("~/lib/validation/auth").then((m) => m.resetPasswordSchema);

export const action = storeAction(async ({ request, params, store, form }) => {
  const submission = parseWithZod(form, { schema: resetPasswordSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }), expired: false }, { status: 400 });
  }
  const user = await resetPassword(store.id, params.token ?? "", submission.value.password);
  if (!user)
    return data({ result: submission.reply({ hideFields: ["password"] }), expired: true }, { status: 410 });
  return redirectSignedIn(
    store.id,
    user.id,
    request,
    user.isAdmin ? "/admin/dashboard" : "/",
    "toast.updateSuccess",
  );
});

export default function ResetPassword() {
  const { usable, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const pending = useFormPending({ method: "post" });
  const form = useSchemaForm(loadSchema, actionData?.result, { id: "reset", constraint });
  if (!usable || actionData?.expired) {
    return (
      <ExpiredLinkCard
        title={t("auth.reset.title")}
        notice={t("auth.reset.expired")}
        to="/forgot-password"
        linkText={t("auth.reset.requestNew")}
      />
    );
  }
  return (
    <AuthCard title={t("auth.reset.title")} intro={t("auth.reset.intro")}>
      <Form method="post" {...form.formProps} className="flex flex-col gap-3">
        <NewPasswordField field={form.field("password")} label={t("auth.fields.newPassword")} />
        <Button disabled={pending}>{t("auth.reset.submit")}</Button>
      </Form>
    </AuthCard>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";
