import { parseWithZod } from "@conform-to/zod";
import { data, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { CartLineItem } from "~/components/cart/CartLineItem";
import { CartSummary } from "~/components/cart/CartSummary";
import { ShippingEstimate } from "~/components/cart/ShippingEstimate";
import { Button } from "~/components/ui/Button";
import { Notice } from "~/components/ui/Notice";
import type { FormNotice } from "~/lib/notice";
import { safeRedirectPath } from "~/lib/redirect";
import { withVariant } from "~/lib/variant-choice";
import { seo } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import type { z } from "zod";
import { addToCartSchema, removeFromCartSchema, updateCartSchema } from "~/lib/validation/cart";
import { shopperAction, shopperLoader, type ShopperArgs, type WithForm } from "~/http/handlers.server";
import { SCHEMA_FORM, dispatchIntent } from "~/http/intent-action.server";
import { discountCodeAction } from "~/http/discount-code-form.server";
import { APPLY_CODE, REMOVE_CODE } from "~/lib/discount-code-fields";
import {
  addToCart,
  getCart,
  removeFromCart,
  setCartQuantity,
  type CartChange,
} from "~/services/commerce/cart.server";
import { estimateShipping } from "~/services/orders/shipping-estimate.server";

export const meta: MetaFunction = (args) => seo({ ...args, path: "/cart", page: (t) => t("cart.title") });

export const loader = shopperLoader(async ({ request, store, user, locale }) => {
  const cart = await getCart(store.id, user.id, { locale, currency: store.currency });
  // "Estimate shipping" (issue 33): ?country=SA&city=Jeddah; anything else is ignored.
  const query = new URL(request.url).searchParams;
  const country = (query.get("country") ?? "").trim().toUpperCase();
  const city = (query.get("city") ?? "").trim().slice(0, 80);
  const asked = /^[A-Z]{2}$/.test(country) ? { country, city } : null;
  const estimate = cart.lines.length ? await estimateShipping(store, user.id, locale, asked) : null;
  return { cart, estimate };
});

const refuse = (status: number, notice: FormNotice, productId: string | null = null) =>
  data({ result: null, notice, productId }, { status });

/** Why a change was refused, as a status and a message for the shopper. */
function refusal(change: Exclude<CartChange, { ok: true }>, intent: string, productId: string) {
  switch (change.error) {
    case "not-found":
      return refuse(404, { key: "cart.productNotFound" }, productId);
    case "choose-options":
      return refuse(400, { key: "variants.chooseOptions" }, productId);
    case "no-such-combination":
      return refuse(409, { key: "variants.unavailable" }, productId);
    case "not-in-cart":
      return refuse(404, { key: "cart.notInCart" }, productId);
    case "out-of-stock":
      return refuse(
        409,
        { key: intent === "add-option" ? "variants.soldOut" : "cart.outOfStock" },
        productId,
      );
    case "above-stock":
      // "…and you already have 0 in your cart" says nothing: with none in the cart, only the stock.
      return intent !== "update" && change.inCart > 0
        ? refuse(
            409,
            { key: "cart.aboveStock", params: { stock: change.stock, inCart: change.inCart } },
            productId,
          )
        : refuse(409, { key: "cart.aboveStockSet", params: { stock: change.stock } }, productId);
  }
}

/**
 * The form parsed by its intent's schema, or the 400 answer that shows the problem under the
 * line's field (conform's reply).
 */
function parseCartForm<Schema extends z.ZodTypeAny>(form: FormData, schema: Schema) {
  const submission = parseWithZod(form, { schema });
  if (submission.status === "success") return { value: submission.value as z.output<Schema> };
  const productId = typeof form.get("productId") === "string" ? String(form.get("productId")) : null;
  return { refused: data({ result: submission.reply(), notice: null, productId }, { status: 400 }) };
}

/** "Add to cart" from a product page: back there (its `redirectTo`) with the variant added shown. */
async function addLine({ store, user, form }: ShopperArgs & WithForm) {
  const parsed = parseCartForm(form, addToCartSchema);
  if (!parsed.value) return parsed.refused;
  const input = parsed.value;
  const chosen = [input.option1, input.option2, input.option3];
  const byOptions = chosen.some((value) => value !== undefined);
  const change = await addToCart(
    store.id,
    user.id,
    input.productId,
    input.quantity,
    input.variantId ? { variantId: input.variantId } : { optionValueIds: chosen },
  );
  if (!change.ok) return refusal(change, byOptions ? "add-option" : input.intent, input.productId);
  const back = safeRedirectPath(input.redirectTo, "/cart");
  // Back on the product page, the variant just added is the one shown (with or without scripts).
  return redirectWithToast(byOptions && change.variantId ? withVariant(back, change.variantId) : back, {
    key: "toast.cartAdded",
  });
}

/** A line's new quantity; 0 removes it. A line is its variant; a product's only variant has the product's id. */
async function updateLine({ store, user, form }: ShopperArgs & WithForm) {
  const parsed = parseCartForm(form, updateCartSchema);
  if (!parsed.value) return parsed.refused;
  const input = parsed.value;
  const change = await setCartQuantity(store.id, user.id, input.variantId ?? input.productId, input.quantity);
  if (!change.ok) return refusal(change, input.intent, input.productId);
  return redirectWithToast("/cart", {
    key: input.quantity === 0 ? "toast.productRemoved" : "toast.cartUpdated",
  });
}

async function removeLine({ store, user, form }: ShopperArgs & WithForm) {
  const parsed = parseCartForm(form, removeFromCartSchema);
  if (!parsed.value) return parsed.refused;
  const input = parsed.value;
  const change = await removeFromCart(store.id, user.id, input.variantId ?? input.productId);
  if (!change.ok) return refusal(change, input.intent, input.productId);
  return redirectWithToast("/cart", { key: "toast.productRemoved" });
}

/**
 * add (from a product page), update (0 removes) and remove; each redirects with its toast. An
 * anonymous "Add to cart" is sent to sign in and comes back to the form's `redirectTo` (the
 * product page): shopperAction does that. The discount code's Apply and Remove post here too
 * (issue 20).
 */
export const action = shopperAction((args) =>
  dispatchIntent(args, {
    add: [SCHEMA_FORM, (_, args) => addLine(args)],
    update: [SCHEMA_FORM, (_, args) => updateLine(args)],
    remove: [SCHEMA_FORM, (_, args) => removeLine(args)],
    [APPLY_CODE]: [SCHEMA_FORM, (_, args) => discountCodeAction(args, "/cart")],
    [REMOVE_CODE]: [SCHEMA_FORM, (_, args) => discountCodeAction(args, "/cart")],
  }),
);

export default function CartPage() {
  const { cart, estimate } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const notice = actionData?.notice;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-extrabold">{t("cart.title")}</h1>
      {notice ? (
        <div className="mt-4">
          <Notice>{String(t(notice.key, notice.params))}</Notice>
        </div>
      ) : null}
      {cart.lines.length === 0 ? (
        <div className="mt-6 flex flex-col items-start gap-4">
          <p className="text-lg">{t("cart.empty")}</p>
          <Button to="/products">{t("cart.continueShopping")}</Button>
        </div>
      ) : (
        <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_20rem]">
          <ul aria-label={t("cart.title")}>
            {cart.lines.map((line) => (
              <CartLineItem
                key={line.variantId}
                line={line}
                reply={actionData?.productId === line.productId ? actionData.result : undefined}
              />
            ))}
          </ul>
          <div>
            <CartSummary
              cart={cart}
              codeReply={actionData && "discount" in actionData ? actionData.discount : null}
            />
            {estimate ? (
              <ShippingEstimate places={estimate.places} city={estimate.city} delivery={estimate.delivery} />
            ) : null}
          </div>
        </div>
      )}
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";
