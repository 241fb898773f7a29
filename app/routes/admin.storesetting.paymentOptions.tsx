/**
 * Payment Options (SPEC §2, DESIGN §5): Cash On Delivery on/off with its fee, largest order total
 * and verified-email rule (decision 030), and the store's Stripe Connect account for Pay With
 * Stripe. A plain admin page: the admin layout wraps it.
 */
import { data, redirect, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { SettingsFormCard } from "~/components/admin/SettingsFormCard";
import { Button } from "~/components/ui/Button";
import { CheckboxField } from "~/components/ui/Checkbox";
import { NumberField } from "~/components/ui/NumberField";
import { Notice } from "~/components/ui/Notice";
import { adminLoader } from "~/http/handlers.server";
import { INTENT_ONLY, intentAction, SCHEMA_FORM } from "~/http/intent-action.server";
import { submitSchemaForm } from "~/http/schema-form.server";
import { formConstraint } from "~/lib/form-constraint.server";
import type { FormNotice } from "~/lib/notice";
import { seo } from "~/lib/seo";
import { useSchemaForm, type FormReply } from "~/lib/use-schema-form";
import { minorToMajor } from "~/lib/validation/admin-settings";
import { codSettingsSchema } from "~/lib/validation/payment-options";
import {
  getPaymentOptions,
  refreshAccount,
  saveCodSettings,
  startOnboarding,
  type CardStatus,
} from "~/services/payments/connect.server";
import { PAYMENT_OPTIONS_PATH } from "~/services/payments/payment-options-path";
import { errorFields, logger } from "~/lib/log.server";
import { returnWindowSchema } from "~/lib/validation/returns";
import { returnWindowDays, saveReturnWindow } from "~/services/orders/returns.server";

export const meta: MetaFunction = (args) =>
  seo({ ...args, path: PAYMENT_OPTIONS_PATH, page: (t) => t("paymentOptions.title") });

export const loader = adminLoader("payments.edit", async ({ store, request }) => {
  // Back from Stripe's onboarding page: read the account's state now instead of waiting for
  // its webhook. Stripe being unreachable only delays the status, so the page still shows.
  if (new URL(request.url).searchParams.has("onboarding")) {
    await refreshAccount(store.id).catch((error: unknown) => {
      logger.error(errorFields(error), "Stripe account refresh failed");
    });
  }
  const options = await getPaymentOptions(store.id);
  return {
    options,
    codValues: {
      codFee: minorToMajor(options.cod.feeCents),
      codMaxTotal: options.cod.maxTotalCents === null ? "" : minorToMajor(options.cod.maxTotalCents),
      codConfirmRemindHours: String(options.confirm.remindHours),
      codConfirmCancelHours: String(options.confirm.cancelHours),
      codMaxRefusalsCount: String(options.maxRefusals ?? 2),
    },
    constraint: formConstraint(codSettingsSchema),
    // The return window (issue 37 item 4, decision 050): days after delivery, 0 = no returns.
    returnWindowDays: String(await returnWindowDays(store.id)),
    returnsConstraint: formConstraint(returnWindowSchema),
  };
});

/** The same shape a Refusal from the form wrappers answers with, so one notice renders both. */
const refuse = (key: string, status: number) =>
  data({ result: null as FormReply | null, notice: { key } as FormNotice }, { status });

export const action = intentAction("payments.edit", {
  cod: [
    SCHEMA_FORM,
    (_, args) =>
      submitSchemaForm(args, {
        schema: codSettingsSchema,
        extra: () => ({ notice: null }),
        save: (value) => saveCodSettings(args.store.id, value),
        success: { path: PAYMENT_OPTIONS_PATH, toast: { key: "paymentOptions.codSaved" } },
      }),
  ],
  returns: [
    SCHEMA_FORM,
    (_, args) =>
      submitSchemaForm(args, {
        schema: returnWindowSchema,
        extra: () => ({ notice: null }),
        save: (value) => saveReturnWindow(args.store.id, value.returnWindowDays),
        success: { path: PAYMENT_OPTIONS_PATH, toast: { key: "returns.settings.saved" } },
      }),
  ],
  connect: [
    INTENT_ONLY,
    async (_, { store }) => {
      const { card } = await getPaymentOptions(store.id);
      if (card === "not-configured") return refuse("paymentOptions.status.not-configured", 409);
      try {
        return redirect(await startOnboarding(store));
      } catch (error) {
        logger.error(errorFields(error), "Stripe onboarding failed");
        return refuse("paymentOptions.connectFailed", 502);
      }
    },
  ],
});

const CONNECT_LABEL: Record<CardStatus, string | null> = {
  "not-configured": null,
  "not-connected": "paymentOptions.connect",
  pending: "paymentOptions.continueOnboarding",
  ready: "paymentOptions.updateAccount",
};

const loadSchema = () => import("~/lib/validation/payment-options").then((m) => m.codSettingsSchema);
const loadReturnsSchema = () => import("~/lib/validation/returns").then((m) => m.returnWindowSchema);

export default function PaymentOptions() {
  const { options, codValues, constraint, returnWindowDays, returnsConstraint } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const busy = navigation.state !== "idle";
  const connectLabel = CONNECT_LABEL[options.card];
  const answered = actionData?.result ?? null;
  // Each form shows its own answer: the reply of the form that was sent (by its intent).
  const sentIntent = answered?.initialValue?.intent;
  const reply = sentIntent === "returns" ? null : answered;
  const form = useSchemaForm(loadSchema, reply, {
    id: "cod",
    constraint,
    defaultValue: codValues,
  });
  const returnsForm = useSchemaForm(loadReturnsSchema, sentIntent === "returns" ? answered : null, {
    id: "returns",
    constraint: returnsConstraint,
    defaultValue: { returnWindowDays },
  });
  // After a refused save the boxes show what was sent, else what is stored.
  const sent = reply?.initialValue;
  const ticked = (
    name: "cashOnDelivery" | "codVerifiedOnly" | "codConfirm" | "codRefusalLimit",
    stored: boolean,
  ) => (sent ? sent[name] === "on" : stored);
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-extrabold">{t("paymentOptions.title")}</h1>
      {actionData?.notice ? (
        <div className="mt-4">
          <Notice>{String(t(actionData.notice.key, actionData.notice.params))}</Notice>
        </div>
      ) : null}

      <SettingsFormCard
        heading={t("paymentOptions.codHeading")}
        formProps={form.formProps}
        save={{ intent: "cod", label: t("paymentOptions.save"), busy }}
      >
        <CheckboxField
          field={form.field("cashOnDelivery")}
          label={t("paymentOptions.codLabel")}
          defaultChecked={ticked("cashOnDelivery", options.cashOnDelivery)}
        />
        <div className="grid gap-x-4 sm:grid-cols-2">
          <NumberField
            field={form.field("codFee")}
            label={t("codControls.fee")}
            hint={t("codControls.feeAdminHint")}
            decimal
          />
          <NumberField
            field={form.field("codMaxTotal")}
            label={t("codControls.maxTotal")}
            hint={t("codControls.maxTotalHint")}
            decimal
          />
        </div>
        <CheckboxField
          field={form.field("codVerifiedOnly")}
          label={t("codControls.verifiedOnlyLabel")}
          hint={t("codControls.verifiedOnlyHint")}
          defaultChecked={ticked("codVerifiedOnly", options.cod.verifiedOnly)}
        />
        <CheckboxField
          field={form.field("codConfirm")}
          label={t("codConfirmation.settings.label")}
          hint={t("codConfirmation.settings.hint")}
          defaultChecked={ticked("codConfirm", options.confirm.enabled)}
        />
        <div className="grid gap-x-4 sm:grid-cols-2">
          <NumberField
            field={form.field("codConfirmRemindHours")}
            label={t("codConfirmation.settings.remindHours")}
            hint={t("codConfirmation.settings.remindHoursHint")}
          />
          <NumberField
            field={form.field("codConfirmCancelHours")}
            label={t("codConfirmation.settings.cancelHours")}
            hint={t("codConfirmation.settings.cancelHoursHint")}
          />
        </div>
        <CheckboxField
          field={form.field("codRefusalLimit")}
          label={t("codRefusals.settings.label")}
          hint={t("codRefusals.settings.hint")}
          defaultChecked={ticked("codRefusalLimit", options.maxRefusals !== null)}
        />
        <div className="grid gap-x-4 sm:grid-cols-2">
          <NumberField
            field={form.field("codMaxRefusalsCount")}
            label={t("codRefusals.settings.count")}
            hint={t("codRefusals.settings.countHint")}
          />
        </div>
      </SettingsFormCard>

      <SettingsFormCard
        heading={t("returns.settings.heading")}
        formProps={returnsForm.formProps}
        save={{ intent: "returns", label: t("returns.settings.save"), busy }}
      >
        <div className="grid gap-x-4 sm:grid-cols-2">
          <NumberField
            field={returnsForm.field("returnWindowDays")}
            label={t("returns.settings.windowDays")}
            hint={t("returns.settings.windowHint")}
          />
        </div>
      </SettingsFormCard>

      <SettingsFormCard heading={t("paymentOptions.cardHeading")}>
        <p>
          <span className="font-bold">{t("paymentOptions.statusLabel")}</span>{" "}
          <span data-testid="card-status" data-status={options.card}>
            {t(`paymentOptions.status.${options.card}`)}
          </span>
        </p>
        {options.accountId ? (
          <p className="text-sm text-muted">{t("paymentOptions.accountLabel", { id: options.accountId })}</p>
        ) : null}
        {connectLabel ? (
          <Button
            name="intent"
            value="connect"
            variant={options.card === "ready" ? "secondary" : "primary"}
            className="self-start"
            disabled={busy}
          >
            {t(connectLabel)}
          </Button>
        ) : null}
      </SettingsFormCard>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";
