import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { Pagination } from "~/components/catalog/Pagination";
import { OrdersTable } from "~/components/orders/OrdersTable";
import { shopperLoader } from "~/http/handlers.server";
import { badRequest } from "~/http/refusal.server";
import { seo } from "~/lib/seo";
import { orderRowView } from "~/services/orders/order-view.server";
import { decodePage, listOrders } from "~/services/orders/orders.server";

export const meta: MetaFunction = (args) => seo({ ...args, path: "/orders", page: (t) => t("orders.title") });

/** My orders: newest first, ten a page, Previous/Next by keyset cursor. */
export const loader = shopperLoader(async ({ store, user, request, locale }) => {
  const page = decodePage(new URL(request.url).searchParams.get("cursor"));
  if (page === undefined) throw badRequest();
  const result = await listOrders(store.id, user.id, page);
  return {
    orders: result.orders.map((order) => orderRowView(order, locale, store.timeZone)),
    previous: result.previous,
    next: result.next,
  };
});

export default function MyOrders() {
  const { orders, previous, next } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-extrabold">{t("orders.title")}</h1>
      {orders.length === 0 ? (
        <div className="mt-6 flex flex-col items-start gap-4">
          <p className="text-lg">{t("orders.empty")}</p>
          <Link
            to="/products"
            className="inline-flex min-h-11 items-center rounded-md bg-primary px-5 font-bold text-on-primary"
          >
            {t("orders.continueShopping")}
          </Link>
        </div>
      ) : (
        <div className="mt-6">
          <OrdersTable orders={orders} />
          <Pagination pathname="/orders" search="" prevCursor={previous} nextCursor={next} />
        </div>
      )}
    </div>
  );
}
