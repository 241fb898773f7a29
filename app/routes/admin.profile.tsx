import type { MetaFunction } from "@remix-run/node";
import { PasswordChangeFields } from "~/components/PasswordFields";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { AdminPage } from "~/components/admin/AdminPage";
import { ProfileCard } from "~/components/admin/ProfileCard";
import { Avatar } from "~/components/ui/Avatar";
import { CheckboxField } from "~/components/ui/Checkbox";
import { Field } from "~/components/ui/Field";
import { SelectField } from "~/components/ui/FormFields";
import { PhotoField } from "~/components/ui/PhotoField";
import { savePostedPhoto } from "~/http/profile-photo.server";
import { Notice } from "~/components/ui/Notice";
import { enforceRateLimit } from "~/http/form.server";
import { getOptionalSession } from "~/http/guards.server";
import { adminLoader } from "~/http/handlers.server";
import { intentAction, SCHEMA_FORM } from "~/http/intent-action.server";
import { ANY_STAFF } from "~/lib/permissions";
import { submitSchemaForm } from "~/http/schema-form.server";
import { PASSWORD_CHECK_RATE_LIMIT, UPLOAD_RATE_LIMIT } from "~/http/rate-rules.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { seo } from "~/lib/seo";
import { useSchemaForm } from "~/lib/use-schema-form";
import { changePasswordSchema, profileSchema } from "~/lib/validation/auth";
import { changePassword, updateProfile } from "~/services/identity/accounts.server";
import { LOCALES } from "~/lib/i18n";
import { orderAlertsSchema } from "~/lib/validation/order-alerts";
import { readAlertPreferences, saveAlertPreferences } from "~/services/orders/order-alerts.server";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("profile.title") });

export const loader = adminLoader(ANY_STAFF, async ({ store, user }) => {
  const alerts = await readAlertPreferences(store.id, user.id);
  return {
    admin: { name: user.name, email: user.email, imageId: user.imageId },
    // The emails' language: the admin's own, else the store's (what alerts are written in now).
    alerts: { orderAlerts: alerts.orderAlerts, emailLocale: alerts.locale ?? store.defaultLocale },
    constraints: {
      profile: formConstraint(profileSchema),
      password: formConstraint(changePasswordSchema),
      alerts: formConstraint(orderAlertsSchema),
    },
  };
});

const loadProfileSchema = () => import("~/lib/validation/auth").then((m) => m.profileSchema);
const loadPasswordSchema = () => import("~/lib/validation/auth").then((m) => m.changePasswordSchema);
const loadAlertsSchema = () => import("~/lib/validation/order-alerts").then((m) => m.orderAlertsSchema);

/**
 * Three forms, one action, told apart by `intent`: the name and photo (the same services and checks
 * as the storefront's /profile: PNG or JPG by content, 5 MB), the password (checked against
 * the current one, ends the admin's other sessions), and the email alerts (new-order emails on or
 * off, and their language: decision 030). Uploads and password checks are throttled per account
 * as on the storefront.
 */
const noPhotoError = { photoError: null as string | null };

export const action = intentAction(
  ANY_STAFF,
  {
    profile: [
      SCHEMA_FORM,
      (_, args) => {
        const { store, user, form } = args;
        return submitSchemaForm(args, {
          schema: profileSchema,
          extra: () => ({ form: "profile" as const, ...noPhotoError }),
          save: async ({ name }) => {
            const photo = await savePostedPhoto(store.id, user.id, form);
            if (photo.ok) await updateProfile(store.id, user.id, { name, imageId: photo.imageId });
            return photo;
          },
          refuse: (photo) => !photo.ok && { status: photo.status, data: { photoError: photo.error } },
          success: { path: "/admin/profile" },
        });
      },
    ],
    password: [
      SCHEMA_FORM,
      (_, args) => {
        const { request, context, store, user } = args;
        return submitSchemaForm(args, {
          schema: changePasswordSchema,
          hideFields: ["currentPassword", "newPassword"],
          extra: () => ({ form: "password" as const, ...noPhotoError }),
          save: async (value) => {
            await enforceRateLimit(`password-change:user:${user.id}`, PASSWORD_CHECK_RATE_LIMIT);
            const session = await getOptionalSession(request, context);
            return changePassword(store.id, user.id, {
              ...value,
              keepSessionHash: session?.sessionHash ?? null,
            });
          },
          refuse: (result) =>
            !result.ok && { field: "currentPassword", message: "profile.wrongCurrentPassword" },
          success: { path: "/admin/profile" },
        });
      },
    ],
    alerts: [
      SCHEMA_FORM,
      (_, args) =>
        submitSchemaForm(args, {
          schema: orderAlertsSchema,
          extra: () => ({ form: "alerts" as const, ...noPhotoError }),
          save: ({ orderAlerts, emailLocale }) =>
            saveAlertPreferences(args.store.id, args.user.id, { orderAlerts, locale: emailLocale }),
          success: { path: "/admin/profile" },
        }),
    ],
  },
  { rateLimit: { kind: "upload", rule: UPLOAD_RATE_LIMIT } },
);

export default function AdminProfile() {
  const { admin, alerts, constraints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const answered = actionData && "form" in actionData ? actionData : null;
  const notice = actionData && "notice" in actionData ? actionData.notice : null;
  const photoError = answered?.form === "profile" ? answered.photoError : null;
  const profileForm = useSchemaForm(
    loadProfileSchema,
    answered?.form === "profile" ? answered.result : null,
    {
      id: "admin-profile",
      constraint: constraints.profile,
      defaultValue: { name: admin.name },
    },
  );
  const passwordForm = useSchemaForm(
    loadPasswordSchema,
    answered?.form === "password" ? answered.result : null,
    { id: "admin-password", constraint: constraints.password },
  );
  const alertsReply = answered?.form === "alerts" ? answered.result : null;
  const alertsForm = useSchemaForm(loadAlertsSchema, alertsReply, {
    id: "admin-alerts",
    constraint: constraints.alerts,
    defaultValue: { emailLocale: alerts.emailLocale },
  });
  const alertsTicked = alertsReply?.initialValue
    ? alertsReply.initialValue.orderAlerts === "on"
    : alerts.orderAlerts;
  return (
    <AdminPage title={t("profile.title")}>
      {notice ? <Notice>{String(t(notice.key, notice.params))}</Notice> : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <ProfileCard
          intent="profile"
          title={t("profile.title")}
          top={
            <div className="mb-6 flex items-center gap-4">
              <Avatar name={admin.name} imageId={admin.imageId} size={72} />
              <div className="min-w-0">
                <p className="text-lg font-bold" dir="auto">
                  {admin.name}
                </p>
                <p className="truncate text-muted">{admin.email}</p>
              </div>
            </div>
          }
          formProps={profileForm.formProps}
          multipart
          save={t("profile.save")}
        >
          <Field field={profileForm.field("name")} label={t("auth.fields.name")} autoComplete="name" />
          <PhotoField error={photoError} />
        </ProfileCard>
        <ProfileCard
          intent="password"
          title={t("profile.changePassword")}
          intro={t("profile.changePasswordIntro")}
          formProps={passwordForm.formProps}
          save={t("profile.changePassword")}
        >
          <PasswordChangeFields
            current={passwordForm.field("currentPassword")}
            next={passwordForm.field("newPassword")}
          />
        </ProfileCard>
        <ProfileCard
          intent="alerts"
          title={t("orderAlerts.heading")}
          intro={t("orderAlerts.intro")}
          formProps={alertsForm.formProps}
          save={t("orderAlerts.save")}
        >
          <div>
            <CheckboxField
              field={alertsForm.field("orderAlerts")}
              label={t("orderAlerts.label")}
              defaultChecked={alertsTicked}
            />
          </div>
          <SelectField field={alertsForm.field("emailLocale")} label={t("orderAlerts.language")}>
            {LOCALES.map((locale) => (
              <option key={locale} value={locale} lang={locale}>
                {t(`admin.settings.languages.${locale}`)}
              </option>
            ))}
          </SelectField>
        </ProfileCard>
      </div>
    </AdminPage>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
