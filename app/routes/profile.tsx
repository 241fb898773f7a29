import { parseWithZod } from "@conform-to/zod";
import { data, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { useFormPending } from "~/lib/use-form-pending";
import { AuthCard } from "~/components/AuthCard";
import { Avatar } from "~/components/ui/Avatar";
import { Button } from "~/components/ui/Button";
import { Field } from "~/components/ui/Field";
import { PhotoField } from "~/components/ui/PhotoField";
import { savePostedPhoto } from "~/http/profile-photo.server";
import { Notice } from "~/components/ui/Notice";
import { shopperAction, shopperLoader } from "~/http/handlers.server";
import { UPLOAD_RATE_LIMIT } from "~/http/rate-rules.server";
import { seo } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { useSchemaForm } from "~/lib/use-schema-form";
import { profileSchema } from "~/lib/validation/auth";
import { updateProfile } from "~/services/identity/accounts.server";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("profile.title") });

export const loader = shopperLoader(({ user }) => ({
  user: { name: user.name, email: user.email, imageId: user.imageId },
  constraint: formConstraint(profileSchema),
}));

/** The browser loads the schema on the form's first focus (see useSchemaForm). */
const loadSchema = () => import("~/lib/validation/auth").then((m) => m.profileSchema);

/**
 * The body itself is bounded by the server's 8 MB request limit; the photo's own 5 MB limit and
 * type are checked by magic bytes below. Saves are throttled per client (the wrapper) and photo
 * uploads per account too: each one is decoded and stored.
 */
export const action = shopperAction(
  async ({ store, user, form }) => {
    const submission = parseWithZod(form, { schema: profileSchema });
    if (submission.status !== "success")
      return data({ result: submission.reply(), photoError: null }, { status: 400 });

    const photo = await savePostedPhoto(store.id, user.id, form);
    if (!photo.ok) {
      return data({ result: submission.reply(), photoError: photo.error }, { status: photo.status });
    }
    await updateProfile(store.id, user.id, { name: submission.value.name, imageId: photo.imageId });
    return redirectWithToast("/profile", { key: "toast.updateSuccess" });
  },
  { rateLimit: { kind: "upload", rule: UPLOAD_RATE_LIMIT } },
);

export default function Profile() {
  const { user, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const photoError = actionData && "photoError" in actionData ? actionData.photoError : null;
  const notice = actionData && "notice" in actionData ? actionData.notice : null;
  const pending = useFormPending({ method: "post" });
  const form = useSchemaForm(loadSchema, actionData?.result, {
    id: "profile",
    constraint,
    defaultValue: { name: user.name },
  });
  return (
    <AuthCard title={t("profile.title")} intro={user.email}>
      <div className="mb-6 flex items-center gap-4">
        <Avatar name={user.name} imageId={user.imageId} size={72} />
        <p className="text-lg font-bold" dir="auto">
          {user.name}
        </p>
      </div>
      <Form method="post" encType="multipart/form-data" {...form.formProps} className="flex flex-col gap-3">
        {notice ? <Notice>{String(t(notice.key, notice.params))}</Notice> : null}
        <Field field={form.field("name")} label={t("auth.fields.name")} autoComplete="name" />
        <PhotoField error={photoError} />
        <Button disabled={pending}>{t("profile.save")}</Button>
      </Form>
      <div className="mt-6 flex flex-col gap-3 text-center">
        <Link to="/profile/password" className="font-bold text-primary-ink underline underline-offset-4">
          {t("profile.changePassword")}
        </Link>
        <Form method="post" action="/logout">
          <Button variant="secondary" className="w-full">
            {t("auth.logout")}
          </Button>
        </Form>
      </div>
    </AuthCard>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
