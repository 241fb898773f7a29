/** Staff accounts, managed by staff (issue 12): the list, adding one, removing one (not yourself). */
import { PlatformHeader } from "~/components/platform/PlatformHeader";
import { NewPasswordField } from "~/components/PasswordFields";
import {} from "~/components/PasswordFields";
import { RowConfirm } from "~/components/admin/RowActions";
import { data, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { useShortDate } from "~/components/platform/tenant-view";
import { Button } from "~/components/ui/Button";
import { DataTable, type DataColumn } from "~/components/ui/DataTable";
import { Field } from "~/components/ui/Field";
import { Notice } from "~/components/ui/Notice";
import { staffAction, staffLoader } from "~/http/handlers.server";
import { dispatchIntent, SCHEMA_FORM } from "~/http/intent-action.server";
import { submitSchemaForm } from "~/http/schema-form.server";
import { formConstraint } from "~/lib/form-constraint.server";
import type { FormNotice } from "~/lib/notice";
import { seo } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { useFormPending } from "~/lib/use-form-pending";
import { useSchemaForm } from "~/lib/use-schema-form";
import { staffRemoveSchema, staffSchema } from "~/lib/validation/staff";
import { addStaff, listStaff, removeStaff, type StaffRow } from "~/services/identity/staff-accounts.server";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("staff.title") });

export const loader = staffLoader(async ({ staff }) => ({
  staff: await listStaff(),
  selfId: staff.id,
  constraint: formConstraint(staffSchema),
}));

const REMOVE_REFUSALS = {
  "not-found": ["staff.notFound", 404],
  yourself: ["staff.notYourself", 409],
  last: ["staff.lastOne", 409],
} as const;

export const action = staffAction((args) =>
  dispatchIntent(args, {
    remove: [
      staffRemoveSchema,
      async ({ staffId }, { staff }) => {
        const result = await removeStaff(staffId, staff.id);
        if (result === "removed") return redirectWithToast("/platform/staff", { key: "staff.removed" });
        const [key, status] = REMOVE_REFUSALS[result];
        return data({ result: null, notice: { key } as FormNotice }, { status });
      },
    ],
    add: [
      SCHEMA_FORM,
      (_, args) =>
        submitSchemaForm(args, {
          schema: staffSchema,
          hideFields: ["password"],
          extra: () => ({ notice: null }),
          save: (value) => addStaff(value),
          refuse: (added) =>
            added === "email-taken" && { field: "email", message: "auth.emailTaken", status: 409 },
          success: { path: "/platform/staff", toast: { key: "staff.added" } },
        }),
    ],
  }),
);

const loadSchema = () => import("~/lib/validation/staff").then((m) => m.staffSchema);

export default function PlatformStaff() {
  const { staff, selfId, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const date = useShortDate();
  const pending = useFormPending({ method: "post", intent: "add" });
  const form = useSchemaForm(loadSchema, actionData?.result, { id: "staff", constraint });
  const columns: DataColumn<StaffRow>[] = [
    {
      key: "name",
      header: t("staff.name"),
      rowHeader: true,
      cell: (row) => <span dir="auto">{row.name}</span>,
    },
    { key: "email", header: t("staff.email"), cell: (row) => <span dir="ltr">{row.email}</span> },
    { key: "created", header: t("platform.stores.created"), cell: (row) => date(row.createdAt) },
    {
      key: "actions",
      header: t("admin.users.actions"),
      cell: (row) =>
        row.id === selfId ? (
          <span className="text-muted">{t("staff.you")}</span>
        ) : (
          <RowConfirm
            id={`remove-${row.id}`}
            label={t("staff.remove")}
            name={row.name}
            title={t("staff.confirmRemove", { name: row.name })}
            description={t("staff.confirmRemoveText")}
            fields={{ intent: "remove", staffId: row.id }}
          />
        ),
    },
  ];
  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-10">
      <PlatformHeader title={t("staff.title")}>
        <Button to="/platform/stores" variant="secondary">
          {t("platform.stores.title")}
        </Button>
      </PlatformHeader>
      {actionData?.notice ? <Notice>{t(actionData.notice.key)}</Notice> : null}
      <DataTable
        caption={t("staff.title")}
        captionHidden
        columns={columns}
        rows={staff}
        rowKey={(row) => row.id}
        empty={t("staff.title")}
      />
      <Form
        method="post"
        {...form.formProps}
        className="flex max-w-md flex-col gap-3 rounded-lg border border-line p-5"
      >
        <h2 className="text-xl font-bold">{t("staff.add")}</h2>
        <input type="hidden" name="intent" value="add" />
        <Field field={form.field("name")} label={t("staff.name")} autoComplete="off" />
        <Field field={form.field("email")} type="email" label={t("staff.email")} autoComplete="off" />
        <NewPasswordField field={form.field("password")} label={t("auth.fields.password")} />
        <Button className="self-start" disabled={pending}>
          {t("staff.add")}
        </Button>
      </Form>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
