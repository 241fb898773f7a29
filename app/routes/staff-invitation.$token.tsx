/**
 * An invitation to a store's team (issue 36, decision 041), opened signed out: a new person sets a
 * name and password, someone with an account of this store signs in with its password; either way
 * they join with the invitation's role and land on the admin. An expired, used, revoked, forged or
 * another store's link is a 4xx page that changes nothing.
 */
import { parseWithZod } from "@conform-to/zod";
import { data, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/AuthCard";
import { Button } from "~/components/ui/Button";
import { Field } from "~/components/ui/Field";
import { Notice } from "~/components/ui/Notice";
import { storeAction, storeLoader } from "~/http/handlers.server";
import { redirectSignedIn } from "~/http/sessions.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { seo } from "~/lib/seo";
import { useFormPending } from "~/lib/use-form-pending";
import { useSchemaForm } from "~/lib/use-schema-form";
import { useTranslation } from "~/lib/use-translation";
import { acceptExistingSchema, acceptNewSchema } from "~/lib/validation/staff-admin";
import { acceptInvitation, readInvitation } from "~/services/staff/team.server";

export const meta: MetaFunction = (args) => [
  ...seo({ ...args, page: (t) => t("staffAdmin.accept.title") }),
  { name: "robots", content: "noindex" },
];

/** Why a link does not work, and its status: 410 gone (expired, used, revoked), 404 unknown. */
const CLOSED = {
  expired: 410,
  used: 410,
  revoked: 410,
  invalid: 404,
} as const;

type Closed = keyof typeof CLOSED;

const closedPage = (reason: Closed) =>
  data(
    { kind: "closed" as const, reason },
    { status: CLOSED[reason], headers: { "Referrer-Policy": "no-referrer" } },
  );

export const loader = storeLoader(async ({ store, params }) => {
  const state = await readInvitation(store.id, params.token ?? "");
  if (state.kind !== "open") return closedPage(state.kind);
  return data(
    {
      kind: "open" as const,
      email: state.email,
      role: state.roleLabel,
      hasAccount: state.hasAccount,
      constraint: formConstraint(state.hasAccount ? acceptExistingSchema : acceptNewSchema),
    },
    { headers: { "Referrer-Policy": "no-referrer" } },
  );
});

const loadNew = () => import("~/lib/validation/staff-admin").then((m) => m.acceptNewSchema);
const loadExisting = () => import("~/lib/validation/staff-admin").then((m) => m.acceptExistingSchema);

export const action = storeAction(async ({ request, context, store, params, form }) => {
  const token = params.token ?? "";
  const state = await readInvitation(store.id, token);
  if (state.kind !== "open") return closedPage(state.kind);
  const schema = state.hasAccount ? acceptExistingSchema : acceptNewSchema;
  const submission = parseWithZod(form, { schema });
  if (submission.status !== "success") {
    return data(
      { kind: "form" as const, result: submission.reply({ hideFields: ["password"] }) },
      { status: 400 },
    );
  }
  const value = submission.value as { name?: string; password: string };
  const accepted = await acceptInvitation(
    store.id,
    token,
    { name: value.name ?? "", password: value.password },
    context.clientAddress || null,
  );
  if (!accepted.ok) {
    if (accepted.error === "wrong-password" || accepted.error === "name-required") {
      return data(
        {
          kind: "form" as const,
          result: submission.reply({
            hideFields: ["password"],
            fieldErrors: { password: ["staffAdmin.accept.wrongPassword"] },
          }),
        },
        { status: 400 },
      );
    }
    if (accepted.error === "blocked") return closedPage("invalid");
    return closedPage(accepted.error);
  }
  return redirectSignedIn(
    store.id,
    accepted.user.id,
    request,
    "/admin/dashboard",
    "staffAdmin.accept.welcome",
  );
});

export default function StaffInvitation() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const closed = actionData?.kind === "closed" ? actionData : page.kind === "closed" ? page : null;
  if (closed || page.kind !== "open") {
    const reason = closed?.reason ?? "invalid";
    return (
      <AuthCard title={t("staffAdmin.accept.closedTitle")}>
        <Notice>{t(`staffAdmin.accept.closed.${reason}`)}</Notice>
      </AuthCard>
    );
  }
  return <AcceptForm page={page} result={actionData?.kind === "form" ? actionData.result : undefined} />;
}

function AcceptForm({
  page,
  result,
}: {
  page: { email: string; role: string; hasAccount: boolean; constraint: ReturnType<typeof formConstraint> };
  result: Parameters<typeof useSchemaForm>[1];
}) {
  const { t } = useTranslation();
  const pending = useFormPending({ method: "post" });
  const form = useSchemaForm(page.hasAccount ? loadExisting : loadNew, result, {
    id: "accept-invitation",
    constraint: page.constraint,
  });
  const role = page.role in PRESET_LABEL ? t(`staffAdmin.presets.${page.role}`) : page.role;
  return (
    <AuthCard
      title={t("staffAdmin.accept.title")}
      intro={t(page.hasAccount ? "staffAdmin.accept.introExisting" : "staffAdmin.accept.introNew", {
        email: page.email,
        role,
      })}
    >
      <Form method="post" {...form.formProps} className="flex flex-col gap-3">
        {page.hasAccount ? null : (
          <Field field={form.field("name")} label={t("staffAdmin.accept.name")} autoComplete="name" />
        )}
        <Field
          field={form.field("password")}
          type="password"
          label={t(page.hasAccount ? "staffAdmin.accept.password" : "staffAdmin.accept.newPassword")}
          hint={page.hasAccount ? undefined : t("auth.fields.passwordHint")}
          autoComplete={page.hasAccount ? "current-password" : "new-password"}
        />
        <Button disabled={pending}>{t("staffAdmin.accept.submit")}</Button>
      </Form>
    </AuthCard>
  );
}

const PRESET_LABEL: Record<string, true> = {
  owner: true,
  manager: true,
  orders: true,
  support: true,
  catalogue: true,
  accountant: true,
};

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";
