import type { MetaFunction } from "@remix-run/node";
import { nameWithVariant } from "~/lib/variants";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { DeliveryAddress } from "~/components/orders/DeliveryAddress";
import { LineSku } from "~/components/orders/OrderDetailsView";
import { Button } from "~/components/ui/Button";
import { adminLoader } from "~/http/handlers.server";
import { formatMoney } from "~/lib/money";
import { seo } from "~/lib/seo";
import type { ShellHandle } from "~/root";
import { getAdminOrder } from "~/services/orders/admin-orders.server";
import { formatDate } from "~/services/orders/order-view.server";
import { entityFromPath, ORDER_PATH } from "~/http/entity.server";

/**
 * A printable packing slip: outside the admin layout (`admin_` in the file name) and without the
 * store's header and footer (`chrome: false`), so the page is the slip and nothing else. No
 * prices (it goes in the parcel), only the amount to collect on an unpaid Cash On Delivery order. The admin guard is the route's own (adminLoader).
 */
export const handle: ShellHandle = { chrome: false };

export const meta: MetaFunction<typeof loader> = (args) =>
  seo({ ...args, page: (t) => t("admin.orders.slip.title", { number: args.data?.number ?? "" }) });

export const loader = adminLoader(async ({ store, params, locale }) => {
  const order = await entityFromPath(params.number, (number) => getAdminOrder(store.id, number), ORDER_PATH);
  return {
    store: { name: store.name, logoImageId: store.branding.logoImageId },
    number: order.number,
    date: formatDate(order.createdAt, locale, store.timeZone),
    dateTime: order.createdAt.toISOString(),
    address: order.address,
    totalQuantity: order.totalQuantity,
    // The code the shopper used, so whoever packs can match a printed voucher (decision 029).
    discount: order.discountCode
      ? { code: order.discountCode, amount: formatMoney(order.codeDiscountCents, order.currency, locale) }
      : null,
    lines: order.lines.map((line) => ({
      variantId: line.variantId,
      name: nameWithVariant(line, locale),
      sku: line.sku,
      quantity: line.quantity,
    })),
    // The one amount a slip names: what the courier collects on a Cash On Delivery order not yet
    // paid, with the COD fee it includes (decision 030).
    collect:
      order.paymentMethod === "cod" && order.paymentStatus === "unpaid"
        ? {
            total: formatMoney(order.totalCents, order.currency, locale),
            fee: order.codFeeCents > 0 ? formatMoney(order.codFeeCents, order.currency, locale) : null,
          }
        : null,
  };
});

export default function PackingSlip() {
  const { store, number, date, dateTime, address, totalQuantity, discount, lines, collect } =
    useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-8 bg-white p-6 text-black print:max-w-none print:p-0">
      <div className="flex justify-end print:hidden">
        {/* Printing needs JavaScript; without it the browser's own Print menu does the same. */}
        <Button type="button" onClick={() => window.print()}>
          {t("admin.orders.slip.print")}
        </Button>
      </div>
      <header className="flex flex-wrap items-start justify-between gap-4 border-b-2 border-black pb-4">
        <div className="flex items-center gap-3">
          {store.logoImageId ? (
            <img
              src={`/resources/image?url=/images/${store.logoImageId}&w=128`}
              alt=""
              width={56}
              height={56}
              className="size-14 object-contain"
            />
          ) : null}
          <p className="text-2xl font-extrabold" dir="auto">
            {store.name}
          </p>
        </div>
        <div className="text-end">
          <h1 className="text-2xl font-extrabold">{t("admin.orders.slip.heading")}</h1>
          <p className="font-bold">{t("admin.orders.slip.order", { number })}</p>
          <p>
            <time dateTime={dateTime}>{t("admin.orders.slip.placed", { date })}</time>
          </p>
        </div>
      </header>
      <section aria-labelledby="slip-ship-to">
        <h2 id="slip-ship-to" className="text-lg font-bold">
          {t("admin.orders.slip.shipTo")}
        </h2>
        <DeliveryAddress address={address} className="mt-2 text-lg" nameClassName="font-bold" />
      </section>
      <table className="w-full border-collapse">
        <thead>
          <tr className="border-b-2 border-black">
            <th scope="col" className="py-2 pe-3 text-start">
              {t("admin.orders.slip.item")}
            </th>
            <th scope="col" className="py-2 pe-3 text-end">
              {t("orders.quantity")}
            </th>
            <th scope="col" className="w-24 py-2 text-center">
              {t("admin.orders.slip.packed")}
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.variantId} className="border-b border-gray-400 break-inside-avoid">
              <td className="py-3 pe-3 break-words">
                <p dir="auto">{line.name}</p>
                {line.sku ? <LineSku sku={line.sku} className="text-base" /> : null}
              </td>
              <td className="py-3 pe-3 text-end text-lg font-bold">{line.quantity}</td>
              <td className="py-3 text-center">
                <span aria-hidden="true" className="inline-block size-6 border-2 border-black" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-end font-bold">{t("admin.orders.slip.totalItems", { count: totalQuantity })}</p>
      {discount ? (
        <p className="text-end" data-testid="slip-discount">
          {t("discounts.slipLine", { code: discount.code, amount: discount.amount })}
        </p>
      ) : null}
      {collect ? (
        <section className="border-2 border-black p-3" data-testid="slip-collect">
          <p className="text-lg font-extrabold">{t("codControls.slipCollect", { amount: collect.total })}</p>
          {collect.fee ? <p>{t("codControls.slipFee", { amount: collect.fee })}</p> : null}
        </section>
      ) : null}
      <p className="border-t border-gray-400 pt-4 text-center">
        {t("admin.orders.slip.thanks", { store: store.name })}
      </p>
    </main>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
