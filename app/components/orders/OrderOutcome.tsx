import { Link } from "@remix-run/react";
import { Fragment, type ReactNode } from "react";
import { useTranslation } from "~/lib/use-translation";
import { ADDRESS_SEPARATOR, addressParts } from "~/lib/address";
import type { OrderView } from "~/services/orders/contract";
import { StatusBadge } from "./StatusBadge";

const PRIMARY =
  "inline-flex min-h-11 items-center rounded-md bg-primary px-5 font-bold text-on-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary";
const SECONDARY =
  "inline-flex min-h-11 items-center rounded-md border border-line bg-page px-5 font-bold hover:bg-card focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary";

const ICON_COLOR = { check: "bg-green-700", cross: "bg-red-700", wait: "bg-amber-700" } as const;
const ICON_TEXT = { check: "✓", cross: "✕", wait: "…" } as const;

/** The confirmed and cancelled pages: what happened, the order in short, where to go next. */
export function OrderOutcome({
  order,
  icon,
  title,
  message,
  actions,
}: {
  order: OrderView;
  /** "wait": a card payment not confirmed yet (nothing green before the webhook says paid). */
  icon: "check" | "cross" | "wait";
  title: string;
  message: string;
  /** In place of "View order details" / "Continue shopping" (the COD confirmation link's buttons). */
  actions?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const separator = ADDRESS_SEPARATOR[i18n.language === "ar" ? "ar" : "en"];
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-12 text-center">
      <span
        aria-hidden="true"
        className={`flex h-16 w-16 items-center justify-center rounded-full text-3xl font-extrabold text-white ${ICON_COLOR[icon]}`}
      >
        {ICON_TEXT[icon]}
      </span>
      <h1 className="mt-4 text-3xl font-extrabold">{title}</h1>
      <p className="mt-3 text-lg">{message}</p>
      <dl className="mt-6 grid w-full grid-cols-2 gap-3 rounded-lg border border-line bg-card p-4 text-start">
        <Item label={t("orders.orderId")}>#{order.number}</Item>
        <Item label={t("orders.total")}>{order.total}</Item>
        <Item label={t("orders.status")}>
          <StatusBadge kind="status" value={order.status} />
        </Item>
        <Item label={t("orders.paymentStatus")}>
          <StatusBadge kind="payment" value={order.paymentStatus} />
        </Item>
        <Item label={t("orders.paymentMethod")}>
          {t(order.paymentMethod === "cod" ? "payment.cod" : "payment.stripe")}
        </Item>
        <Item label={t("orders.totalProducts")}>{order.totalQuantity}</Item>
        {order.shippingRate ? (
          <Item label={t("orders.shipping")}>
            <span data-testid="outcome-shipping-rate">
              {order.shippingRate.name}:{" "}
              {order.shippingCents > 0 ? order.shipping : t("checkout.shippingFree")}
              {order.shippingRate.estimate ? (
                <span className="block text-sm text-muted">{order.shippingRate.estimate}</span>
              ) : null}
            </span>
          </Item>
        ) : null}
        {order.codFee ? <Item label={t("codControls.feeLine")}>{order.codFee}</Item> : null}
        {order.vat
          ? order.vat.rates.map((rate) => (
              <Item
                key={rate.rate}
                label={t(order.vat!.inclusive ? "tax.summary.includedLabel" : "tax.summary.line", {
                  rate: rate.rate,
                })}
              >
                <span data-testid="outcome-vat">{rate.amount}</span>
              </Item>
            ))
          : null}
        {order.discountCode ? (
          <Item label={t("discounts.field")}>
            <bdi dir="ltr" className="font-mono">
              {order.discountCode}
            </bdi>{" "}
            (−{order.codeDiscount})
          </Item>
        ) : null}
        <div className="col-span-2">
          <dt className="text-sm text-muted">{t("orders.deliveryAddress")}</dt>
          <dd className="font-bold">
            {/* Isolated parts, joined with the language's comma: a Latin address inside Arabic text keeps its own order. */}
            {addressParts(order.address).map((part, i) => (
              <Fragment key={i}>
                {i > 0 ? separator : null}
                <bdi>{part}</bdi>
              </Fragment>
            ))}
          </dd>
        </div>
      </dl>
      {actions ?? (
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to={`/orders/${order.number}`} className={PRIMARY}>
            {t("orders.viewOrder")}
          </Link>
          <Link to="/products" className={SECONDARY}>
            {t("orders.continueShopping")}
          </Link>
        </div>
      )}
    </section>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="font-bold">{children}</dd>
    </div>
  );
}
