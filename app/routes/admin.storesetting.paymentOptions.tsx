/**
 * Payment Options (SPEC §2, DESIGN §5): Cash On Delivery on/off and the store's Stripe Connect
 * account for Pay With Stripe. A plain admin page: the admin layout wraps it.
 */
import { data, redirect, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { Button } from "~/components/ui/Button";
import { Notice } from "~/components/ui/Notice";
import { adminAction, adminLoader } from "~/http/handlers.server";
import type { FormNotice } from "~/lib/notice";
import { seo } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import {
  getPaymentOptions,
  refreshAccount,
  setCashOnDelivery,
  startOnboarding,
  type CardStatus,
} from "~/services/payments/connect.server";
import { PAYMENT_OPTIONS_PATH } from "~/services/payments/payment-options-path";

export const meta: MetaFunction = (args) =>
  seo({ ...args, path: PAYMENT_OPTIONS_PATH, page: (t) => t("paymentOptions.title") });

export const loader = adminLoader(async ({ store, request }) => {
  // Back from Stripe's onboarding page: read the account's state now instead of waiting for
  // its webhook. Stripe being unreachable only delays the status, so the page still shows.
  if (new URL(request.url).searchParams.has("onboarding")) {
    await refreshAccount(store.id).catch((error: unknown) => {
      console.error("Stripe account refresh failed:", error);
    });
  }
  return { options: await getPaymentOptions(store.id) };
});

/** The same shape a Refusal from the form wrappers answers with, so one notice renders both. */
const refuse = (key: string, status: number) =>
  data({ result: null, notice: { key } as FormNotice }, { status });

export const action = adminAction(async ({ store, form }) => {
  const intent = form.get("intent");
  if (intent === "cod") {
    await setCashOnDelivery(store.id, form.get("cashOnDelivery") === "on");
    return redirectWithToast(PAYMENT_OPTIONS_PATH, { key: "paymentOptions.codSaved" });
  }
  if (intent === "connect") {
    const { card } = await getPaymentOptions(store.id);
    if (card === "not-configured") return refuse("paymentOptions.status.not-configured", 409);
    try {
      return redirect(await startOnboarding(store));
    } catch (error) {
      console.error("Stripe onboarding failed:", error);
      return refuse("paymentOptions.connectFailed", 502);
    }
  }
  return refuse("errors.badRequest", 400);
});

const CONNECT_LABEL: Record<CardStatus, string | null> = {
  "not-configured": null,
  "not-connected": "paymentOptions.connect",
  pending: "paymentOptions.continueOnboarding",
  ready: "paymentOptions.updateAccount",
};

export default function PaymentOptions() {
  const { options } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const busy = navigation.state !== "idle";
  const connectLabel = CONNECT_LABEL[options.card];
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-extrabold">{t("paymentOptions.title")}</h1>
      {actionData?.notice ? (
        <div className="mt-4">
          <Notice>{String(t(actionData.notice.key, actionData.notice.params))}</Notice>
        </div>
      ) : null}

      <Form method="post" className="mt-6 flex flex-col gap-4 rounded-lg border border-line p-5">
        <h2 className="text-xl font-bold">{t("paymentOptions.codHeading")}</h2>
        <label className="flex min-h-11 items-center gap-3">
          <input
            type="checkbox"
            name="cashOnDelivery"
            defaultChecked={options.cashOnDelivery}
            className="size-5 accent-[var(--color-primary)]"
          />
          <span>{t("paymentOptions.codLabel")}</span>
        </label>
        <Button name="intent" value="cod" className="self-start" disabled={busy}>
          {t("paymentOptions.save")}
        </Button>
      </Form>

      <Form method="post" className="mt-6 flex flex-col gap-4 rounded-lg border border-line p-5">
        <h2 className="text-xl font-bold">{t("paymentOptions.cardHeading")}</h2>
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
      </Form>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";
