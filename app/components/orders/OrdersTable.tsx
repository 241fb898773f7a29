import { Link } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import type { OrderRowView } from "~/services/orders/contract";
import { StatusBadge } from "./StatusBadge";

/** My orders with SPEC §3's labels; on small screens each row becomes a card. */
export function OrdersTable({ orders }: { orders: OrderRowView[] }) {
  const { t } = useTranslation();
  return (
    <table className="w-full border-collapse text-start">
      <thead className="sr-only md:not-sr-only">
        <tr className="border-b border-line text-start">
          <th scope="col" className="py-2 pe-3 text-start">
            {t("orders.orderId")}
          </th>
          <th scope="col" className="py-2 pe-3 text-start">
            {t("orders.status")}
          </th>
          <th scope="col" className="py-2 pe-3 text-start">
            {t("orders.date")}
          </th>
          <th scope="col" className="py-2 pe-3 text-end">
            {t("orders.total")}
          </th>
          <th scope="col" className="py-2 pe-3 text-end">
            {t("orders.totalProducts")}
          </th>
          <th scope="col" className="py-2 text-start">
            {t("orders.paymentStatus")}
          </th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr
            key={order.number}
            className="grid grid-cols-2 gap-x-3 gap-y-1 border-b border-line py-3 md:table-row md:py-0"
          >
            <th scope="row" className="col-span-2 text-start md:py-3 md:pe-3">
              <Link
                to={`/orders/${order.number}`}
                aria-label={t("orders.view", { number: order.number })}
                className="font-extrabold text-primary-ink underline underline-offset-4"
              >
                #{order.number}
              </Link>
            </th>
            <td className="md:py-3 md:pe-3">
              <span className="text-sm text-muted md:hidden">{t("orders.status")}: </span>
              <StatusBadge kind="status" value={order.status} />
            </td>
            <td className="md:py-3 md:pe-3">
              <span className="text-sm text-muted md:hidden">{t("orders.date")}: </span>
              <time dateTime={order.dateTime}>{order.date}</time>
            </td>
            <td className="md:py-3 md:pe-3 md:text-end">
              <span className="text-sm text-muted md:hidden">{t("orders.total")}: </span>
              <span className="font-bold">{order.total}</span>
            </td>
            <td className="md:py-3 md:pe-3 md:text-end">
              <span className="text-sm text-muted md:hidden">{t("orders.totalProducts")}: </span>
              {order.totalQuantity}
            </td>
            <td className="col-span-2 md:py-3">
              <span className="text-sm text-muted md:hidden">{t("orders.paymentStatus")}: </span>
              <StatusBadge kind="payment" value={order.paymentStatus} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
