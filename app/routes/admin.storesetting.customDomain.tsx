/**
 * Custom Domain (SPEC §2, DESIGN §5, issue 12 item 5): enter a domain, see the DNS records to
 * create (a CNAME to the store's platform host, a TXT `_store-verify.{domain}` with its token),
 * verify them, or remove the domain. Once verified the store answers on it.
 */
import { TitledSection } from "~/components/admin/TitledSection";
import { data, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { AdminPage } from "~/components/admin/AdminPage";
import { Button } from "~/components/ui/Button";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { Field } from "~/components/ui/Field";
import { Notice } from "~/components/ui/Notice";
import { adminLoader } from "~/http/handlers.server";
import { INTENT_ONLY, intentAction, SCHEMA_FORM } from "~/http/intent-action.server";
import { Refusal } from "~/http/refusal.server";
import { submitSchemaForm } from "~/http/schema-form.server";
import { formConstraint } from "~/lib/form-constraint.server";
import type { FormNotice } from "~/lib/notice";
import { useRootData } from "~/lib/root-data";
import { useStoreTimeZone } from "~/lib/use-store-time-zone";
import { seo } from "~/lib/seo";
import { formatInZone } from "~/lib/time-zone";
import { redirectWithToast } from "~/lib/toast.server";
import { useFormPending } from "~/lib/use-form-pending";
import { useSchemaForm } from "~/lib/use-schema-form";
import { customDomainSchema } from "~/lib/validation/custom-domain";
import {
  customDomainEntitlement,
  type CustomDomainEntitlement,
} from "~/services/billing/entitlements.server";
import {
  getCustomDomain,
  removeCustomDomain,
  setCustomDomain,
  verifyCustomDomain,
} from "~/services/store/custom-domain.server";

const PATH = "/admin/storesetting/customDomain";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("admin.nav.customDomain") });

export const loader = adminLoader("domain.edit", async ({ store }) => ({
  view: await getCustomDomain(store.id),
  entitlement: await customDomainEntitlement(store.id),
  constraint: formConstraint(customDomainSchema),
}));

const SET_ERRORS = {
  platform: "validation.domainPlatform",
  taken: "validation.domainTaken",
  invalid: "validation.domainInvalid",
} as const;

/**
 * Saving or verifying a domain needs a plan that includes one (removing never does): the page says
 * why and links billing, the server refuses the same (decision 026).
 */
async function requireDomainPlan(storeId: string) {
  if (!(await customDomainEntitlement(storeId)).allowed)
    throw new Refusal(403, { key: "planEntitlements.customDomainRefused" });
}

export const action = intentAction("domain.edit", {
  verify: [
    INTENT_ONLY,
    async (_, { store }) => {
      await requireDomainPlan(store.id);
      const view = await verifyCustomDomain(store.id);
      if (view.state === "none")
        return data({ result: null, notice: { key: "customDomain.none" } as FormNotice }, { status: 409 });
      if (view.state === "lapsed")
        return data(
          { result: null, notice: { key: "customDomain.lapsedNotice" } as FormNotice },
          { status: 409 },
        );
      if (view.problem) {
        return data(
          { result: null, notice: { key: `customDomain.problems.${view.problem}` } as FormNotice },
          { status: 422 },
        );
      }
      return redirectWithToast(PATH, { key: "customDomain.verified" });
    },
  ],
  remove: [
    INTENT_ONLY,
    async (_, { store }) => {
      await removeCustomDomain(store.id);
      return redirectWithToast(PATH, { key: "toast.updateSuccess" });
    },
  ],
  save: [
    SCHEMA_FORM,
    async (_, args) => {
      const { store } = args;
      await requireDomainPlan(store.id);
      return submitSchemaForm(args, {
        schema: customDomainSchema,
        extra: () => ({ notice: null }),
        save: ({ domain }) => setCustomDomain(store.id, domain),
        refuse: (saved) =>
          saved !== "saved" && {
            field: "domain",
            message: SET_ERRORS[saved],
            status: saved === "taken" ? 409 : 400,
          },
        success: { path: PATH },
      });
    },
  ],
});

const loadSchema = () => import("~/lib/validation/custom-domain").then((m) => m.customDomainSchema);

export default function CustomDomain() {
  const { view, entitlement, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const { locale } = useRootData().shell;
  const saving = useFormPending({ method: "post", intent: "save" });
  const verifying = useFormPending({ method: "post", intent: "verify" });
  const form = useSchemaForm(loadSchema, actionData?.result, {
    id: "custom-domain",
    constraint,
    defaultValue: { domain: view.domain ?? "" },
  });
  const timeZone = useStoreTimeZone();
  const checked = view.checkedAt ? formatInZone(view.checkedAt, locale, timeZone, "dateTime") : null;
  return (
    <AdminPage title={t("admin.nav.customDomain")}>
      {actionData?.notice && actionData.notice.key !== "planEntitlements.customDomainRefused" ? (
        <Notice>{t(actionData.notice.key)}</Notice>
      ) : null}
      {entitlement.allowed ? null : <NotInPlan entitlement={entitlement} />}
      <Form
        method="post"
        {...form.formProps}
        className="flex max-w-xl flex-col gap-3 rounded-lg border border-line p-5"
      >
        <input type="hidden" name="intent" value="save" />
        <fieldset disabled={!entitlement.allowed} className="flex flex-col gap-3">
          <Field
            field={form.field("domain")}
            label={t("customDomain.domain")}
            hint={t("customDomain.domainHint")}
            dir="ltr"
            inputMode="url"
            autoCapitalize="none"
            spellCheck={false}
          />
          <Button className="self-start" disabled={saving}>
            {t("customDomain.save")}
          </Button>
        </fieldset>
      </Form>
      {view.domain ? (
        <TitledSection
          headingId="domain-records"
          title={t("customDomain.records")}
          titleClassName="text-xl font-bold"
          className="flex flex-col gap-4 rounded-lg border border-line p-5"
        >
          <p>
            <span className="font-bold">{t("customDomain.stateLabel")}</span>{" "}
            <span data-testid="domain-state" data-state={view.state}>
              {t(`customDomain.states.${view.state}`)}
            </span>
            {checked ? (
              <span className="text-muted"> · {t("customDomain.checkedAt", { date: checked })}</span>
            ) : null}
          </p>
          {view.problem ? <Notice tone="info">{t(`customDomain.problems.${view.problem}`)}</Notice> : null}
          <div className="overflow-x-auto">
            <table className="w-full text-start text-sm">
              <caption className="sr-only">{t("customDomain.records")}</caption>
              <thead>
                <tr className="border-b border-line">
                  <th scope="col" className="p-2 text-start">
                    {t("customDomain.type")}
                  </th>
                  <th scope="col" className="p-2 text-start">
                    {t("customDomain.name")}
                  </th>
                  <th scope="col" className="p-2 text-start">
                    {t("customDomain.value")}
                  </th>
                </tr>
              </thead>
              <tbody className="font-mono" dir="ltr">
                <tr className="border-b border-line">
                  <td className="p-2">CNAME</td>
                  <td className="p-2 break-all">{view.domain}</td>
                  <td className="p-2 break-all">{view.cnameTarget}</td>
                </tr>
                <tr className="border-b border-line">
                  <td className="p-2">TXT</td>
                  <td className="p-2 break-all">{view.txtName}</td>
                  <td className="p-2 break-all">{view.txtValue}</td>
                </tr>
              </tbody>
            </table>
          </div>
          <div className="flex flex-wrap gap-3">
            <Form method="post">
              <Button name="intent" value="verify" disabled={verifying || !entitlement.allowed}>
                {t("customDomain.verify")}
              </Button>
            </Form>
            <ConfirmDialog
              id="remove-domain"
              trigger={t("customDomain.remove")}
              title={t("customDomain.confirmRemove", { domain: view.domain })}
              description={t("customDomain.confirmRemoveText")}
              fields={{ intent: "remove" }}
            />
          </div>
        </TitledSection>
      ) : null}
    </AdminPage>
  );
}

/** Why the domain cannot be set on this plan, which plans include it, and the way to billing. */
function NotInPlan({ entitlement }: { entitlement: CustomDomainEntitlement }) {
  const { t } = useTranslation();
  const { locale } = useRootData().shell;
  const name = (plan: { nameEn: string; nameAr: string }) => (locale === "ar" ? plan.nameAr : plan.nameEn);
  return (
    <Notice>
      <p>
        {t("planEntitlements.customDomainNotIncluded", {
          plan: entitlement.plan ? name(entitlement.plan) : "",
        })}{" "}
        {entitlement.plansWithIt.length > 0
          ? t("planEntitlements.customDomainPlans", {
              plans: entitlement.plansWithIt.map(name).join(locale === "ar" ? "، " : ", "),
            })
          : null}
      </p>
      <p className="mt-2">
        <Link to="/admin/billing" className="font-bold underline underline-offset-4">
          {t("planEntitlements.seePlans")}
        </Link>
      </p>
    </Notice>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
