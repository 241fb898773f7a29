import { parseWithZod } from "@conform-to/zod";
import { PasswordChangeFields } from "~/components/PasswordFields";
import { data, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { useFormPending } from "~/lib/use-form-pending";
import { AuthCard } from "~/components/AuthCard";
import { Button } from "~/components/ui/Button";
import { Notice } from "~/components/ui/Notice";
import { enforceRateLimit } from "~/http/form.server";
import { getOptionalSession } from "~/http/guards.server";
import { shopperAction, shopperLoader } from "~/http/handlers.server";
import { PASSWORD_CHECK_RATE_LIMIT } from "~/http/rate-rules.server";
import { seo } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { useSchemaForm } from "~/lib/use-schema-form";
import { changePasswordSchema } from "~/lib/validation/auth";
import { changePassword } from "~/services/identity/accounts.server";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("profile.changePassword") });

export const loader = shopperLoader(() => ({ constraint: formConstraint(changePasswordSchema) }));

/** The browser loads the schema on the form's first focus (see useSchemaForm). */
const loadSchema = () => import("~/lib/validation/auth").then((m) => m.changePasswordSchema);

/**
 * Checking the current password is a password oracle for whoever holds a session (a shared
 * computer, a stolen cookie): attempts are limited per client (the wrapper) and per account.
 */
export const action = shopperAction(
  async ({ request, context, store, user, form }) => {
    const submission = parseWithZod(form, { schema: changePasswordSchema });
    const hidden = { hideFields: ["currentPassword", "newPassword"] };
    if (submission.status !== "success")
      return data({ result: submission.reply(hidden), notice: null }, { status: 400 });
    await enforceRateLimit(`password-change:user:${user.id}`, PASSWORD_CHECK_RATE_LIMIT);
    const session = await getOptionalSession(request, context);
    const result = await changePassword(store.id, user.id, {
      ...submission.value,
      keepSessionHash: session?.sessionHash ?? null,
    });
    if (!result.ok) {
      return data(
        {
          result: submission.reply({
            ...hidden,
            fieldErrors: { currentPassword: ["profile.wrongCurrentPassword"] },
          }),
          notice: null,
        },
        { status: 400 },
      );
    }
    return redirectWithToast("/profile", { key: "toast.updateSuccess" });
  },
  { rateLimit: { kind: "password-change", rule: PASSWORD_CHECK_RATE_LIMIT } },
);

export default function ChangePassword() {
  const { constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const pending = useFormPending({ method: "post" });
  const form = useSchemaForm(loadSchema, actionData?.result, { id: "change-password", constraint });
  const notice = actionData?.notice;
  return (
    <AuthCard title={t("profile.changePassword")} intro={t("profile.changePasswordIntro")}>
      <Form method="post" {...form.formProps} className="flex flex-col gap-3">
        {notice ? <Notice>{String(t(notice.key, notice.params))}</Notice> : null}
        <PasswordChangeFields current={form.field("currentPassword")} next={form.field("newPassword")} />
        <Button disabled={pending}>{t("profile.changePassword")}</Button>
      </Form>
      <p className="mt-6 text-center">
        <Link to="/profile" className="font-bold text-primary-ink underline underline-offset-4">
          {t("profile.back")}
        </Link>
      </p>
    </AuthCard>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
