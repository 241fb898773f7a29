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
import { CodNotice } from "~/components/checkout/CodNotice";
import { PaymentChoice } from "~/components/checkout/PaymentChoice";
import { ShippingFields } from "~/components/checkout/ShippingFields";
import { DeliveryChoice, DeliveryForm } from "~/components/checkout/DeliveryChoice";
import { Button } from "~/components/ui/Button";
import { Notice } from "~/components/ui/Notice";
import { checkoutAnswer, checkoutConflict, codRefusalNotice } from "~/http/checkout-answer.server";
import { enforceRateLimit } from "~/http/form.server";
import { discountCodeAction } from "~/http/discount-code-form.server";
import { APPLY_CODE, REMOVE_CODE } from "~/lib/discount-code-fields";
import { shopperAction, shopperLoader, type ShopperArgs, type WithForm } from "~/http/handlers.server";
import { SCHEMA_FORM, dispatchIntent } from "~/http/intent-action.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { seo } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { useSchemaForm } from "~/lib/use-schema-form";
import { checkoutSchema, shippingSchema, type PaymentMethod } from "~/lib/validation/checkout";
import { emailStore } from "~/services/email/email-templates.server";
import { getCheckout, placeOrder, saveShippingAddress } from "~/services/orders/checkout.server";
import { startCardCheckout } from "~/services/payments/card-checkout.server";
import { CHECKOUT_RATE_LIMIT } from "~/services/orders/limits.server";
import { checkoutSummaryView } from "~/services/orders/order-view.server";
import { errorFields, logger } from "~/lib/log.server";
import { shippingChoiceView } from "~/services/orders/shipping-view.server";
import { addressPlaces } from "~/services/shipping/places.server";

export const meta: MetaFunction = (args) =>
  seo({ ...args, path: "/checkout", page: (t) => t("checkout.title") });

export const loader = shopperLoader(async ({ request, store, user, locale }) => {
  // The rate the shopper picked (DeliveryChoice's GET form); one that does not apply is ignored.
  const asked = new URL(request.url).searchParams.get("rate") ?? "";
  const rateId = /^[0-9a-f-]{36}$/i.test(asked) ? asked : undefined;
  let page = await getCheckout(store.id, user.id, rateId);
  if (rateId && page.price.shipping.rateGone) page = await getCheckout(store.id, user.id);
  const { price, address, payment, codRefusal } = page;
  if (price.lines.length === 0) {
    throw await redirectWithToast("/cart", { key: "toast.cartEmpty", type: "info" });
  }
  const methods = (["cod", "card"] as const).filter((method) => payment[method]);
  const summary = checkoutSummaryView(price, store.currency, locale);
  return {
    summary,
    // The country select starts at `places.country` (the saved address's, else the store's).
    defaults: address ?? { fullName: user.name, email: user.email },
    delivery: shippingChoiceView(price, store.currency, locale),
    places: await addressPlaces(store.id, price.shipping.place.country, locale),
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

/**
 * The checkout form parsed (its shipping fields apart from the order's), or the 400 answer with
 * the problems under the fields. Save and Place send the same form.
 */
function parseCheckout(form: FormData) {
  const submission = parseWithZod(form, { schema: checkoutSchema });
  if (submission.status !== "success") {
    return { refused: data({ result: submission.reply(), notice: null }, { status: 400 }) };
  }
  const { intent: _intent, paymentMethod, checkoutToken, shippingRateId, ...rest } = submission.value;
  const { expectedTotal, expectedCodFee, expectedShipping, ...shipping } = rest;
  const order = {
    paymentMethod,
    checkoutToken,
    shippingRateId,
    expectedTotalCents: expectedTotal,
    expectedCodFeeCents: expectedCodFee,
    expectedShippingCents: expectedShipping,
  };
  return { submission, shipping, order };
}

async function saveAddress({ store, user, form }: ShopperArgs & WithForm) {
  const parsed = parseCheckout(form);
  if (!parsed.submission) return parsed.refused;
  await saveShippingAddress(store.id, user.id, parsed.shipping);
  return redirectWithToast("/checkout", { key: "toast.shippingSaved" });
}

async function placeFromForm({ store, user, form, locale }: ShopperArgs & WithForm) {
  const parsed = parseCheckout(form);
  if (!parsed.submission) return parsed.refused;
  const { submission, shipping, order } = parsed;
  const paymentMethod = order.paymentMethod;
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
    { ...order, shipping, paymentMethod },
  );
  if ((placed.kind === "placed" || placed.kind === "existing") && placed.paymentMethod === "card") {
    // The order holds its stock while the shopper pays on Stripe's page; a double submit
    // gets the same Checkout Session back (its idempotency key is the order's).
    // After the commit: Stripe or the database failing here changes no order. The shopper is
    // told card payment is unavailable; sending the form again reaches the same order.
    const card = await startCardCheckout(store, placed.number).catch((error: unknown) => {
      logger.error({ order: placed.number, ...errorFields(error) }, "card checkout not started");
      return { kind: "unavailable" } as const;
    });
    if (card.kind === "redirect") return redirect(card.url);
    if (card.kind === "not-pending") return redirect(`/orders/${placed.number}`);
    return checkoutConflict({ key: "checkout.cardUnavailable" }, submission.reply());
  }
  return checkoutAnswer(placed, submission.reply(), store.currency, locale);
}

/** Per shopper as well as per address, so one account cannot be driven from many addresses. */
function perShopperLimit<Result>(run: (args: ShopperArgs & WithForm) => Promise<Result>) {
  return async (_: unknown, args: ShopperArgs & WithForm) => {
    await enforceRateLimit(`checkout:subject:${args.user.id}`, CHECKOUT_RATE_LIMIT);
    return run(args);
  };
}

/**
 * Save the address, place the order (also a form without an intent), and the discount code's
 * Apply and Remove (issue 20).
 */
export const action = shopperAction(
  (args) =>
    dispatchIntent(
      args,
      {
        save: [SCHEMA_FORM, perShopperLimit(saveAddress)],
        place: [SCHEMA_FORM, perShopperLimit(placeFromForm)],
        [APPLY_CODE]: [SCHEMA_FORM, perShopperLimit((args) => discountCodeAction(args, "/checkout"))],
        [REMOVE_CODE]: [SCHEMA_FORM, perShopperLimit((args) => discountCodeAction(args, "/checkout"))],
      },
      "place",
    ),
  { rateLimit: { kind: "checkout", rule: CHECKOUT_RATE_LIMIT } },
);

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
    delivery,
    places,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const navigation = useNavigation();
  const form = useSchemaForm(loadSchema, actionData?.result as Parameters<typeof useSchemaForm>[1], {
    id: "checkout",
    constraint,
    defaultValue: defaults,
  });
  const codOffered = methods.includes("cod") || codNotice !== null;
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
        {notice ? (
          <Notice tone={notice.tone}>
            {String(t(notice.key, notice.params))}
            {notice.followUp ? ` ${String(t(notice.followUp.key, notice.followUp.params))}` : null}
          </Notice>
        ) : null}
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
          {delivery.chosenId ? <input type="hidden" name="shippingRateId" value={delivery.chosenId} /> : null}
          {delivery.chosenId ? (
            <input type="hidden" name="expectedShipping" value={delivery.chosenCents} />
          ) : null}
          <ShippingFields field={form.field} disabled={submitting} places={places} />
          {delivery.undeliverable ? (
            <Notice tone="info">
              <span data-testid="undeliverable">
                {t("shipping.undeliverable", { place: delivery.place })}
              </span>
            </Notice>
          ) : (
            <>
              <DeliveryChoice rates={delivery.rates} place={delivery.place} codOffered={codOffered} />
              {delivery.shippingBackByCode ? (
                <p className="text-sm text-muted" data-testid="shipping-back-by-code">
                  {t("shipping.backByCode", { amount: delivery.shippingBackByCode })}
                </p>
              ) : null}
            </>
          )}
          {delivery.undeliverable ? null : methods.length > 0 ? (
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
      <DeliveryForm />
    </div>
  );
}

export { headers } from "~/http/headers";
