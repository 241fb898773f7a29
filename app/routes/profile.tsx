import { parseWithZod } from "@conform-to/zod";
import {
  data,
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthCard } from "~/components/AuthCard";
import { Avatar } from "~/components/ui/Avatar";
import { Button } from "~/components/ui/Button";
import { Field, FieldError } from "~/components/ui/Field";
import { seo } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { useSchemaForm } from "~/lib/use-schema-form";
import { MAX_IMAGE_BYTES, profileSchema } from "~/lib/validation/auth";
import { updateProfile } from "~/services/identity/accounts.server";
import { requireUser } from "~/services/identity/auth.server";
import { checkImage, saveImage } from "~/services/media/images.server";
import { requireStore } from "~/services/store/tenancy.server";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("profile.title") });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return {
    user: { name: user.name, email: user.email, imageId: user.imageId },
    constraint: formConstraint(profileSchema),
  };
}

const PHOTO_FIELD = "photo";

/** The browser loads the schema on the form's first focus (see useSchemaForm). */
const loadSchema = () => import("~/lib/validation/auth").then((m) => m.profileSchema);

export async function action({ request, context }: ActionFunctionArgs) {
  const store = requireStore(context);
  const user = await requireUser(request, context);
  let form: FormData;
  try {
    form = await unstable_parseMultipartFormData(
      request,
      // One byte over the limit is enough to know a file is too large.
      unstable_createMemoryUploadHandler({ maxPartSize: MAX_IMAGE_BYTES + 1 }),
    );
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) {
      return data({ result: null, photoError: "validation.imageTooLarge" }, { status: 413 });
    }
    return data({ result: null, photoError: "errors.badRequest" }, { status: 400 });
  }
  const submission = parseWithZod(form, { schema: profileSchema });
  if (submission.status !== "success")
    return data({ result: submission.reply(), photoError: null }, { status: 400 });

  const photo = form.get(PHOTO_FIELD);
  let imageId: string | undefined;
  if (photo instanceof Blob && photo.size > 0) {
    const bytes = new Uint8Array(await photo.arrayBuffer());
    const checked = await checkImage(bytes);
    if (!checked.ok) {
      return data(
        { result: submission.reply(), photoError: checked.error },
        { status: checked.error === "validation.imageTooLarge" ? 413 : 415 },
      );
    }
    imageId = await saveImage(store.id, bytes, checked);
  }
  await updateProfile(store.id, user.id, { name: submission.value.name, imageId });
  return redirectWithToast("/profile", { key: "toast.updateSuccess" });
}

export default function Profile() {
  const { user, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const navigation = useNavigation();
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
        <Field field={form.field("name")} label={t("auth.fields.name")} autoComplete="name" />
        <div className="flex flex-col gap-1">
          <label htmlFor="photo" className="font-bold">
            {t("profile.photo")}
          </label>
          <p id="photo-hint" className="text-sm text-muted">
            {t("profile.photoHint")}
          </p>
          <input
            id="photo"
            name={PHOTO_FIELD}
            type="file"
            accept="image/png,image/jpeg"
            aria-describedby="photo-hint photo-error"
            aria-invalid={actionData?.photoError ? true : undefined}
            className="min-h-11 rounded-md border border-line bg-field px-3 py-2 file:me-3 file:rounded file:border-0 file:bg-card file:px-3 file:py-1 file:font-bold"
          />
          <FieldError
            id="photo-error"
            errors={actionData?.photoError ? [actionData.photoError] : undefined}
          />
        </div>
        <Button disabled={navigation.state === "submitting"}>{t("profile.save")}</Button>
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
