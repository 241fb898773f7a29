import { useTranslation } from "~/lib/use-translation";
import { DeliveryAddress } from "~/components/orders/DeliveryAddress";
import { LineSku } from "~/components/orders/OrderDetailsView";
import { cn } from "~/lib/cn";
import type { SlipView } from "~/services/orders/contract";

export interface SlipStore {
  name: string;
  logoImageId: string | null;
}

/**
 * One order's packing slip: the store, the order and its date, where it goes, each line with its
 * SKU and a box to tick, what the courier collects. The single slip's page and the many slips'
 * page (one printed page each) both show it; the many slips' page names each slip by an h2 under
 * its own h1.
 */
export function PackingSlip({
  store,
  slip,
  heading = "h1",
  className,
}: {
  store: SlipStore;
  slip: SlipView;
  heading?: "h1" | "h2";
  className?: string;
}) {
  const { t } = useTranslation();
  const { number, date, dateTime, address, totalQuantity, discount, lines, collect, shipping } = slip;
  const Heading = heading;
  const Sub = heading === "h1" ? "h2" : "h3";
  const shipTo = `slip-ship-to-${number}`;
  return (
    <article
      className={cn("flex flex-col gap-8", className)}
      aria-label={t("admin.orders.slip.order", { number })}
    >
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
          <Heading className="text-2xl font-extrabold">{t("admin.orders.slip.heading")}</Heading>
          <p className="font-bold">{t("admin.orders.slip.order", { number })}</p>
          <p>
            <time dateTime={dateTime}>{t("admin.orders.slip.placed", { date })}</time>
          </p>
        </div>
      </header>
      <section aria-labelledby={shipTo}>
        <Sub id={shipTo} className="text-lg font-bold">
          {t("admin.orders.slip.shipTo")}
        </Sub>
        <DeliveryAddress address={address} className="mt-2 text-lg" nameClassName="font-bold" />
        {shipping ? (
          <p className="mt-2 text-lg" data-testid="slip-shipping">
            <span className="font-bold" dir="auto">
              {t("admin.orders.slip.shippingMethod", { name: shipping.name })}
            </span>
            {shipping.estimate ? (
              <span className="block" dir="auto">
                {shipping.estimate}
              </span>
            ) : null}
          </p>
        ) : null}
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
    </article>
  );
}
