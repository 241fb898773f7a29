import type { ReactNode } from "react";
import { useTranslation } from "~/lib/use-translation";
import type { OrderView } from "~/services/orders/contract";
import { DeliveryAddress } from "./DeliveryAddress";
import { VatAddedRows, VatIncludedNote } from "./VatLines";
import { StatusBadge } from "./StatusBadge";
import { LineImage } from "../cart/LineImage";

/**
 * One order: its lines, totals, delivery address, payment and history (SPEC §3 labels). The admin's
 * page adds who took each step (`eventActor`, by the event's index), its own panels (`aside`) and
 * each line's SKU (`showSku`), which is what a picker looks for on the shelf.
 */
export function OrderDetailsView({
  order,
  eventActor,
  aside,
  showSku = false,
}: {
  order: OrderView;
  eventActor?: (index: number) => string | null;
  aside?: ReactNode;
  showSku?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
      <div className="flex flex-col gap-8">
        <section aria-labelledby="order-lines">
          <h2 id="order-lines" className="text-xl font-bold">
            {t("orders.lines")}
          </h2>
          <table className="mt-3 w-full border-collapse">
            <thead>
              <tr className="border-b border-line">
                <th scope="col" className="py-2 pe-3 text-start">
                  {t("orders.product")}
                </th>
                <th scope="col" className="py-2 pe-3 text-end">
                  {t("orders.quantity")}
                </th>
                <th scope="col" className="py-2 text-end">
                  {t("orders.lineTotal")}
                </th>
              </tr>
            </thead>
            <tbody>
              {order.lines.map((line) => (
                <tr key={line.variantId} className="border-b border-line align-top">
                  <td className="py-3 pe-3">
                    <LineImage imageId={line.imageId} size={48} className="float-start me-3" />
                    <p className="font-bold break-words">{line.name}</p>
                    {showSku && line.sku ? <LineSku sku={line.sku} /> : null}
                    <p className="text-sm text-muted">
                      {line.unitSalePrice ? (
                        <>
                          <s>{line.unitPrice}</s> {line.unitSalePrice}
                        </>
                      ) : (
                        line.unitPrice
                      )}
                    </p>
                  </td>
                  <td className="py-3 pe-3 text-end">{line.quantity}</td>
                  <td className="py-3 text-end font-bold">{line.lineTotal}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <dl className="mt-3 ms-auto flex max-w-xs flex-col gap-1">
            <div className="flex justify-between gap-4">
              <dt>{t("orders.subtotal")}</dt>
              <dd>{order.subtotal}</dd>
            </div>
            {order.discount ? (
              <div className="flex justify-between gap-4 text-red-800 dark:text-red-300">
                <dt>{t("orders.discount")}</dt>
                <dd>−{order.discount}</dd>
              </div>
            ) : null}
            <div className="flex justify-between gap-4">
              <dt>{t("orders.shipping")}</dt>
              <dd>{order.shippingCents > 0 ? order.shipping : t("checkout.shippingFree")}</dd>
            </div>
            {order.shippingRate ? (
              <div className="flex justify-between gap-4 text-sm" data-testid="order-shipping-rate">
                <dt>{t("shipping.deliveryHeading")}</dt>
                <dd className="text-end">
                  <span className="block font-semibold">{order.shippingRate.name}</span>
                  {order.shippingRate.estimate ? (
                    <span className="block text-muted">{order.shippingRate.estimate}</span>
                  ) : null}
                </dd>
              </div>
            ) : null}
            {order.codFee ? (
              <div className="flex justify-between gap-4" data-testid="order-cod-fee">
                <dt>{t("codControls.feeLine")}</dt>
                <dd>{order.codFee}</dd>
              </div>
            ) : null}
            {order.discountCode ? (
              <div className="flex justify-between gap-4 text-red-800 dark:text-red-300">
                <dt>{t("discounts.summaryLine", { code: order.discountCode })}</dt>
                <dd data-testid="order-code-discount">−{order.codeDiscount}</dd>
              </div>
            ) : null}
            <VatAddedRows vat={order.vat} />
            <div className="flex justify-between gap-4 border-t border-line pt-1 text-lg font-extrabold">
              <dt>{t("orders.total")}</dt>
              <dd>{order.total}</dd>
            </div>
          </dl>
          <VatIncludedNote vat={order.vat} className="ms-auto max-w-xs text-end" />
        </section>
        <section aria-labelledby="order-history">
          <h2 id="order-history" className="text-xl font-bold">
            {t("orders.history")}
          </h2>
          <ol className="mt-3 flex flex-col gap-2 border-s-2 border-line ps-4">
            {order.events.map((event, index) => (
              <li key={`${event.dateTime}-${index}`}>
                <time dateTime={event.dateTime} className="block text-sm text-muted">
                  {event.date}
                </time>
                <span>{eventText(t, event)}</span>
                {eventActor?.(index) ? (
                  <span className="block text-sm text-muted">{eventActor(index)}</span>
                ) : null}
              </li>
            ))}
          </ol>
        </section>
      </div>
      {/* On a phone the status and address come first, above the lines. */}
      <aside className="order-first flex flex-col gap-4 lg:order-none">
        {aside}
        <section aria-labelledby="order-status" className="rounded-lg border border-line bg-card p-4">
          <h2 id="order-status" className="sr-only">
            {t("orders.status")}
          </h2>
          <dl className="flex flex-col gap-2">
            <div className="flex flex-wrap justify-between gap-2">
              <dt className="font-bold">{t("orders.status")}</dt>
              <dd>
                <StatusBadge kind="status" value={order.status} />
              </dd>
            </div>
            <div className="flex flex-wrap justify-between gap-2">
              <dt className="font-bold">{t("orders.paymentMethod")}</dt>
              <dd>{t(order.paymentMethod === "cod" ? "payment.cod" : "payment.stripe")}</dd>
            </div>
            <div className="flex flex-wrap justify-between gap-2">
              <dt className="font-bold">{t("orders.paymentStatus")}</dt>
              <dd>
                <StatusBadge kind="payment" value={order.paymentStatus} />
              </dd>
            </div>
            <div className="flex flex-wrap justify-between gap-2">
              <dt className="font-bold">{t("orders.date")}</dt>
              <dd>
                <time dateTime={order.dateTime}>{order.date}</time>
              </dd>
            </div>
            <div className="flex flex-wrap justify-between gap-2">
              <dt className="font-bold">{t("orders.totalProducts")}</dt>
              <dd>{order.totalQuantity}</dd>
            </div>
          </dl>
        </section>
        <section aria-labelledby="order-address" className="rounded-lg border border-line bg-card p-4">
          <h2 id="order-address" className="font-bold">
            {t("orders.deliveryAddress")}
          </h2>
          <DeliveryAddress address={order.address} className="mt-2" />
        </section>
      </aside>
    </div>
  );
}

/** "SKU: CRIMSON-RED-1-KG", the code kept left-to-right inside Arabic text. */
export function LineSku({ sku, className = "text-sm text-muted" }: { sku: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <p className={`break-all ${className}`} data-testid="line-sku">
      {t("orders.skuLabel")}{" "}
      <bdi dir="ltr" className="font-mono">
        {sku}
      </bdi>
    </p>
  );
}

type T = ReturnType<typeof useTranslation>["t"];

function eventText(t: T, event: OrderView["events"][number]): string {
  const status = event.toStatus ? t(`orders.statuses.${event.toStatus}`) : "";
  const payment = event.paymentStatus ? t(`orders.paymentStatuses.${event.paymentStatus}`) : "";
  if (event.type === "placed") return t("orders.events.placed", { status, payment });
  if (event.type === "payment") return t("orders.events.payment", { payment });
  // A Cash On Delivery confirmation (issue 34): the reminder, and who confirmed or refused it.
  if (event.type === "reminder") return t("codConfirmation.events.reminder");
  const how = event.noteKey ? ` · ${t(event.noteKey)}` : "";
  const text = t("orders.events.status", { status }) + how;
  return payment ? `${text} · ${t("orders.events.payment", { payment })}` : text;
}
