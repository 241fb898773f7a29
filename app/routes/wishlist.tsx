import type { MetaFunction } from "@remix-run/node";
import type { z } from "zod";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { PriceTag } from "~/components/product/PriceTag";
import { StockNote } from "~/components/product/StockNote";
import { Button } from "~/components/ui/Button";
import { Notice } from "~/components/ui/Notice";
import { Swatch } from "~/components/ui/Swatch";
import { safeRedirectPath } from "~/lib/redirect";
import { seo } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { wishlistActionSchema } from "~/lib/validation/cart";
import { shopperAction, shopperLoader, type ShopperArgs } from "~/http/handlers.server";
import { dispatchIntent } from "~/http/intent-action.server";
import { Refusal } from "~/http/refusal.server";
import { getWishlist, removeFromWishlist, toggleWishlist } from "~/services/commerce/wishlist.server";

export const meta: MetaFunction = (args) =>
  seo({ ...args, path: "/wishlist", page: (t) => t("wishlist.title") });

export const loader = shopperLoader(async ({ store, user, locale }) => {
  const items = await getWishlist(store.id, user.id, { locale, currency: store.currency });
  return { items, locale };
});

/**
 * toggle (from a product page) and remove (from this page); each redirects with its toast. An
 * anonymous toggle signs in first and comes back to the form's `redirectTo` (shopperAction).
 */
async function changeWishlist(
  { intent, productId, redirectTo }: z.output<typeof wishlistActionSchema>,
  { store, user }: ShopperArgs,
) {
  const change =
    intent === "toggle"
      ? await toggleWishlist(store.id, user.id, productId)
      : await removeFromWishlist(store.id, user.id, productId);
  if (!change.ok) throw new Refusal(404, { key: "cart.productNotFound" });
  const target = intent === "toggle" ? safeRedirectPath(redirectTo, "/wishlist") : "/wishlist";
  return redirectWithToast(target, {
    key: change.inWishlist ? "toast.wishlistAdded" : "toast.wishlistRemoved",
  });
}

/** A product id a person could not have sent answers with its message (cart.productInvalid). */
const WISHLIST_FORM = [wishlistActionSchema, changeWishlist, { messageFields: ["productId"] }] as const;

export const action = shopperAction((args) =>
  dispatchIntent(args, { toggle: WISHLIST_FORM, remove: WISHLIST_FORM }),
);

export default function WishlistPage() {
  const { items } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-extrabold">{t("wishlist.title")}</h1>
      {actionData?.notice ? (
        <div className="mt-4">
          <Notice>{String(t(actionData.notice.key, actionData.notice.params))}</Notice>
        </div>
      ) : null}
      {items.length === 0 ? (
        <div className="mt-6 flex flex-col items-start gap-4">
          <p className="text-lg">{t("wishlist.empty")}</p>
          <Button to="/products">{t("wishlist.browse")}</Button>
        </div>
      ) : (
        <ul aria-label={t("wishlist.title")} className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((item) => (
            <li key={item.productId} className="flex gap-4 rounded-lg border border-line bg-card p-4">
              {item.shadeHex ? (
                <Swatch
                  hex={item.shadeHex}
                  label={item.colorFamily ? `${item.colorFamily} ${item.shadeHex}` : item.shadeHex}
                  className="h-16 w-16 shrink-0 rounded-md"
                />
              ) : (
                <span aria-hidden="true" className="block h-16 w-16 shrink-0 rounded-md bg-secondary/15" />
              )}
              <div className="flex grow flex-col gap-1">
                <h2 className="text-lg font-bold">
                  {item.available ? (
                    <Link to={`/products/${item.slug}`} className="underline-offset-4 hover:underline">
                      {item.name}
                    </Link>
                  ) : (
                    item.name
                  )}
                </h2>
                <PriceTag
                  priceCents={item.priceCents}
                  salePriceCents={item.salePriceCents}
                  size="md"
                  from={item.priceVaries}
                />
                {item.available ? (
                  <StockNote stock={item.stockState} className="text-sm" />
                ) : (
                  <p className="text-sm font-bold text-red-700 dark:text-red-300">{t("cart.unavailable")}</p>
                )}
                <Form method="post">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="productId" value={item.productId} />
                  <Button variant="link" aria-label={t("wishlist.removeItem", { name: item.name })}>
                    {t("wishlist.remove")}
                  </Button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";
