import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthCard } from "~/components/AuthCard";
import { Button } from "~/components/ui/Button";
import { Field } from "~/components/ui/Field";
import { seo } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { useSchemaForm } from "~/lib/use-schema-form";
import { changePasswordSchema } from "~/lib/validation/auth";
import { changePassword } from "~/services/identity/accounts.server";
import { getOptionalSession, requireUser } from "~/services/identity/auth.server";
import { requireStore } from "~/services/store/tenancy.server";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("profile.changePassword") });

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return { constraint: formConstraint(changePasswordSchema) };
}

/** The browser loads the schema on the form's first focus (see useSchemaForm). */
const loadSchema = () => import("~/lib/validation/auth").then((m) => m.changePasswordSchema);

export async function action({ request, context }: ActionFunctionArgs) {
  const store = requireStore(context);
  const user = await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: changePasswordSchema });
  const hidden = { hideFields: ["currentPassword", "newPassword"] };
  if (submission.status !== "success") return data({ result: submission.reply(hidden) }, { status: 400 });
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
      },
      { status: 400 },
    );
  }
  return redirectWithToast("/profile", { key: "toast.updateSuccess" });
}

export default function ChangePassword() {
  const { constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const navigation = useNavigation();
  const form = useSchemaForm(loadSchema, actionData?.result, { id: "change-password", constraint });
  return (
    <AuthCard title={t("profile.changePassword")} intro={t("profile.changePasswordIntro")}>
      <Form method="post" {...form.formProps} className="flex flex-col gap-3">
        <Field
          field={form.field("currentPassword")}
          type="password"
          label={t("auth.fields.currentPassword")}
          autoComplete="current-password"
        />
        <Field
          field={form.field("newPassword")}
          type="password"
          label={t("auth.fields.newPassword")}
          hint={t("auth.fields.passwordHint")}
          autoComplete="new-password"
        />
        <Button disabled={navigation.state === "submitting"}>{t("profile.changePassword")}</Button>
      </Form>
      <p className="mt-6 text-center">
        <Link to="/profile" className="font-bold text-primary-ink underline underline-offset-4">
          {t("profile.back")}
        </Link>
      </p>
    </AuthCard>
  );
}
