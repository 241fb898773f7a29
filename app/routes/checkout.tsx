import { randomBytes } from "node:crypto";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type MetaFunction } from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { CheckoutSummary, type CodFeeShown } from "~/components/checkout/CheckoutSummary";
import { PaymentChoice } from "~/components/checkout/PaymentChoice";
import { Button } from "~/components/ui/Button";
import { Field } from "~/components/ui/Field";
import { Notice } from "~/components/ui/Notice";
import { enforceRateLimit } from "~/http/form.server";
import { discountCodeAction } from "~/http/discount-code-form.server";
import { codeRefusalNotice } from "~/lib/discount-codes";
import { isCodeIntent } from "~/lib/discount-code-fields";
import { shopperAction, shopperLoader } from "~/http/handlers.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { formatMoney } from "~/lib/money";
import type { FormNotice } from "~/lib/notice";
import { seo } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { useSchemaForm } from "~/lib/use-schema-form";
import { checkoutSchema, shippingSchema, type PaymentMethod } from "~/lib/validation/checkout";
import { emailStore } from "~/services/email/email-templates.server";
import {
  getCheckout,
  placeOrder,
  saveShippingAddress,
  type PlaceOrderResult,
} from "~/services/orders/checkout.server";
import type { CodRefusal } from "~/services/orders/payment-options.server";
import { startCardCheckout } from "~/services/payments/card-checkout.server";
import { CHECKOUT_RATE_LIMIT } from "~/services/orders/limits.server";
import { checkoutSummaryView } from "~/services/orders/order-view.server";
import { localized } from "~/services/store/settings.server";

export const meta: MetaFunction = (args) =>
  seo({ ...args, path: "/checkout", page: (t) => t("checkout.title") });

export const loader = shopperLoader(async ({ store, user, locale }) => {
  const { price, address, payment, codRefusal } = await getCheckout(store.id, user.id);
  if (price.lines.length === 0) {
    throw await redirectWithToast("/cart", { key: "toast.cartEmpty", type: "info" });
  }
  const methods = (["cod", "card"] as const).filter((method) => payment[method]);
  const summary = checkoutSummaryView(price, store.currency, locale);
  return {
    summary,
    defaults: address ?? { fullName: user.name, email: user.email },
    methods: methods as PaymentMethod[],
    cardNotConfigured: payment.cardNotConfigured,
    cartReady: summary.lines.every((line) => line.available && !line.exceedsStock),
    codFee: (methods.includes("cod") && summary.codFee
      ? methods.length === 1
        ? "always"
        : "when-chosen"
      : null) as CodFeeShown,
    codNotice: codRefusal ? codRefusalNotice(codRefusal, store.currency, locale) : null,
    // A fresh one-time token per render: the order it places is found again by a double submit.
    checkoutToken: randomBytes(24).toString("base64url"),
    constraint: formConstraint(shippingSchema),
  };
});

/** After a conflict (price or stock changed) the page shows the new summary and a new token. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 ? true : defaultShouldRevalidate;

const conflict = (notice: FormNotice, result: unknown) => data({ result, notice }, { status: 409 });

/** Why Cash On Delivery is not offered (decision 030), for the page and for a refused order. */
function codRefusalNotice(refusal: CodRefusal, currency: string, locale: "en" | "ar"): FormNotice {
  return refusal.kind === "over-max"
    ? { key: "codControls.overMax", params: { amount: formatMoney(refusal.maxTotalCents, currency, locale) } }
    : { key: "codControls.verifiedOnly" };
}

export const action = shopperAction(
  async ({ store, user, form, locale }) => {
    // Per shopper as well as per address, so one account cannot be driven from many addresses.
    await enforceRateLimit(`checkout:subject:${user.id}`, CHECKOUT_RATE_LIMIT);
    // The discount code's Apply and Remove post here too (issue 20).
    if (isCodeIntent(form.get("intent")))
      return discountCodeAction({ store, user, form, locale }, "/checkout");
    const submission = parseWithZod(form, { schema: checkoutSchema });
    if (submission.status !== "success") {
      return data({ result: submission.reply(), notice: null }, { status: 400 });
    }
    const { intent, paymentMethod, checkoutToken, expectedTotal, expectedCodFee, ...shipping } =
      submission.value;
    if (intent === "save") {
      await saveShippingAddress(store.id, user.id, shipping);
      return redirectWithToast("/checkout", { key: "toast.shippingSaved" });
    }
    if (!paymentMethod) {
      return data(
        {
          result: submission.reply({ fieldErrors: { paymentMethod: ["checkout.paymentRequired"] } }),
          notice: null,
        },
        { status: 400 },
      );
    }
    const placed = await placeOrder(
      { store, userId: user.id, locale, mail: emailStore(store) },
      {
        shipping,
        paymentMethod,
        checkoutToken,
        expectedTotalCents: expectedTotal,
        expectedCodFeeCents: expectedCodFee,
      },
    );
    if ((placed.kind === "placed" || placed.kind === "existing") && placed.paymentMethod === "card") {
      // The order holds its stock while the shopper pays on Stripe's page; a double submit
      // gets the same Checkout Session back (its idempotency key is the order's).
      const card = await startCardCheckout(store, placed.number);
      if (card.kind === "redirect") return redirect(card.url);
      if (card.kind === "not-pending") return redirect(`/orders/${placed.number}`);
      return conflict({ key: "checkout.cardUnavailable" }, submission.reply());
    }
    return answer(placed, submission.reply(), store.currency, locale);
  },
  { rateLimit: { kind: "checkout", rule: CHECKOUT_RATE_LIMIT } },
);

function answer(
  placed: PlaceOrderResult,
  reply: unknown,
  currency: string,
  locale: "en" | "ar",
): Promise<Response> | Response | ReturnType<typeof conflict> {
  switch (placed.kind) {
    case "placed":
    case "existing":
      // Card orders went to Stripe's page before this (see the action).
      return redirectWithToast(`/orders/${placed.number}/confirmed`, { key: "toast.orderPlaced" });
    case "empty":
      return redirectWithToast("/cart", { key: "toast.cartEmpty", type: "info" });
    case "price-changed":
      return conflict(
        { key: "checkout.priceChanged", params: { total: formatMoney(placed.totalCents, currency, locale) } },
        reply,
      );
    case "out-of-stock":
      return conflict(
        {
          key: "checkout.outOfStock",
          params: { name: localized(placed.nameEn, placed.nameAr, locale), stock: placed.stock },
        },
        reply,
      );
    case "unavailable":
      return conflict(
        { key: "checkout.unavailable", params: { name: localized(placed.nameEn, placed.nameAr, locale) } },
        reply,
      );
    case "method-unavailable":
      return conflict({ key: "checkout.methodUnavailable" }, reply);
    case "cod-refused":
      return conflict(codRefusalNotice(placed.refusal, currency, locale), reply);
    case "token-taken":
      return conflict({ key: "checkout.tokenTaken" }, reply);
    case "code-refused":
      // The code could not be had (its last use went a moment ago…): nothing placed. The page
      // reloads its summary, which shows the code as not applied with Remove: the shopper decides.
      return conflict(
        codeRefusalNotice(placed.refusal, (minor) => formatMoney(minor, currency, locale)),
        reply,
      );
  }
}

/** The browser loads the schema on the form's first focus (see useSchemaForm). */
const loadSchema = () => import("~/lib/validation/checkout").then((m) => m.checkoutSchema);

export default function Checkout() {
  const {
    summary,
    defaults,
    methods,
    cardNotConfigured,
    cartReady,
    codFee,
    codNotice,
    checkoutToken,
    constraint,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const navigation = useNavigation();
  const form = useSchemaForm(loadSchema, actionData?.result as Parameters<typeof useSchemaForm>[1], {
    id: "checkout",
    constraint,
    defaultValue: defaults,
  });
  const submitting = navigation.state !== "idle" && navigation.formAction === "/checkout";
  const placing = submitting && navigation.formData?.get("intent") === "place";
  const notice = actionData?.notice;
  const payment = form.field("paymentMethod");
  const chosen = (actionData?.result as { initialValue?: { paymentMethod?: string } } | null)?.initialValue
    ?.paymentMethod;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-extrabold">{t("checkout.title")}</h1>
      <div className="mt-4 flex flex-col gap-3">
        {notice ? <Notice tone={notice.tone}>{String(t(notice.key, notice.params))}</Notice> : null}
        {!cartReady ? (
          <Notice>
            {t("checkout.cartNotReady")}{" "}
            <Link to="/cart" className="underline underline-offset-4">
              {t("checkout.backToCart")}
            </Link>
          </Notice>
        ) : null}
      </div>
      <div className="group/checkout mt-6 grid gap-8 lg:grid-cols-[1fr_22rem]">
        <Form method="post" action="/checkout" {...form.formProps} className="flex flex-col gap-6">
          <input type="hidden" name="checkoutToken" value={checkoutToken} />
          <input type="hidden" name="expectedTotal" value={summary.totalCents} />
          <input type="hidden" name="expectedCodFee" value={summary.codFeeCents} />
          <fieldset className="flex flex-col gap-1">
            <legend className="mb-2 text-xl font-bold">{t("checkout.shippingHeading")}</legend>
            <Field
              field={form.field("fullName")}
              label={t("checkout.fullName")}
              autoComplete="name"
              dir="auto"
            />
            <Field
              field={form.field("streetAddress")}
              label={t("checkout.streetAddress")}
              autoComplete="street-address"
              dir="auto"
            />
            <div className="grid gap-x-4 sm:grid-cols-2">
              <Field
                field={form.field("zipCode")}
                label={t("checkout.zipCode")}
                autoComplete="postal-code"
                dir="auto"
              />
              <Field
                field={form.field("city")}
                label={t("checkout.city")}
                autoComplete="address-level2"
                dir="auto"
              />
            </div>
            <div className="grid gap-x-4 sm:grid-cols-2">
              <Field
                field={form.field("email")}
                type="email"
                label={t("checkout.email")}
                autoComplete="email"
              />
              <Field
                field={form.field("mobile")}
                type="tel"
                label={t("checkout.mobile")}
                autoComplete="tel"
                dir="ltr"
              />
            </div>
            <Button
              variant="secondary"
              name="intent"
              value="save"
              className="self-start"
              disabled={submitting}
            >
              {t("checkout.saveAddress")}
            </Button>
          </fieldset>
          {methods.length > 0 ? (
            <>
              <PaymentChoice
                methods={methods}
                errors={payment.errors}
                errorId={payment.errorId}
                chosen={chosen}
                codFee={codFee ? summary.codFee : null}
              />
              {codNotice ? <CodNotice notice={codNotice} /> : null}
              {cardNotConfigured ? (
                <p className="text-sm text-muted">{t("checkout.cardNotConfigured")}</p>
              ) : null}
              <Button name="intent" value="place" className="self-start text-lg" disabled={submitting}>
                {placing ? t("checkout.placing") : t("checkout.placeOrder")}
              </Button>
            </>
          ) : (
            <Notice tone="info">
              {/* Cash On Delivery is set up but not for this cart or shopper: say that, not "no method". */}
              {codNotice ? (
                <CodNotice notice={codNotice} />
              ) : (
                <>
                  {t("checkout.noPaymentMethod")}
                  {cardNotConfigured ? ` ${t("checkout.cardNotConfigured")}` : ""}
                </>
              )}
            </Notice>
          )}
        </Form>
        <aside>
          <CheckoutSummary
            summary={summary}
            codFee={codFee}
            codeReply={actionData && "discount" in actionData ? actionData.discount : null}
          />
        </aside>
      </div>
    </div>
  );
}

/** Why Cash On Delivery is not among the choices; an unverified shopper is shown how to verify. */
function CodNotice({ notice }: { notice: FormNotice }) {
  const { t } = useTranslation();
  return (
    <span className="block" data-testid="cod-notice">
      {String(t(notice.key, notice.params))}
      {notice.key === "codControls.verifiedOnly" ? (
        <>
          {" "}
          <Link to="/login/link?redirectTo=/checkout" className="underline underline-offset-4">
            {t("codControls.verifyLink")}
          </Link>
        </>
      ) : null}
    </span>
  );
}

export { headers } from "~/http/headers";
