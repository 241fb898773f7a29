import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CartLineItem } from "~/components/cart/CartLineItem";
import { CartSummary } from "~/components/cart/CartSummary";
import { Notice } from "~/components/ui/Notice";
import type { FormNotice } from "~/lib/notice";
import { safeRedirectPath } from "~/lib/redirect";
import { seo } from "~/lib/seo";
import { requestLocale } from "~/lib/shell.server";
import { redirectWithToast } from "~/lib/toast.server";
import { cartActionSchema } from "~/lib/validation/cart";
import { getOptionalUser } from "~/services/identity/auth.server";
import {
  addToCart,
  getCart,
  loginFirst,
  readForm,
  removeFromCart,
  setCartQuantity,
  type CartChange,
} from "~/services/commerce/cart.server";
import { requireStore } from "~/services/store/tenancy.server";

export const meta: MetaFunction = (args) => seo({ ...args, path: "/cart", page: (t) => t("cart.title") });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const store = requireStore(context);
  const user = await getOptionalUser(request, context);
  if (!user) throw await loginFirst("/cart");
  const locale = await requestLocale(request, context.tenant);
  const cart = await getCart(store.id, user.id, { locale, currency: store.currency });
  return { cart };
}

const refuse = (status: number, notice: FormNotice, productId: string | null = null) =>
  data({ result: null, notice, productId }, { status });

/** Why a change was refused, as a status and a message for the shopper. */
function refusal(change: Exclude<CartChange, { ok: true }>, intent: string, productId: string) {
  switch (change.error) {
    case "not-found":
      return refuse(404, { key: "cart.productNotFound" }, productId);
    case "not-in-cart":
      return refuse(404, { key: "cart.notInCart" }, productId);
    case "out-of-stock":
      return refuse(409, { key: "cart.outOfStock" }, productId);
    case "above-stock":
      return intent === "add"
        ? refuse(
            409,
            { key: "cart.aboveStock", params: { stock: change.stock, inCart: change.inCart } },
            productId,
          )
        : refuse(409, { key: "cart.aboveStockSet", params: { stock: change.stock } }, productId);
  }
}

/** add (from a product page), update (0 removes) and remove; each redirects with its toast. */
export async function action({ request, context }: ActionFunctionArgs) {
  const store = requireStore(context);
  const form = await readForm(request);
  if (!form) return refuse(400, { key: "errors.badRequest" });
  const user = await getOptionalUser(request, context);
  // An anonymous "Add to cart" comes back to the product page after signing in.
  if (!user) return loginFirst(safeRedirectPath(form.get("redirectTo"), "/cart"));
  const submission = parseWithZod(form, { schema: cartActionSchema });
  if (submission.status !== "success") {
    const productId = typeof form.get("productId") === "string" ? String(form.get("productId")) : null;
    return data({ result: submission.reply(), notice: null, productId }, { status: 400 });
  }
  const input = submission.value;
  if (input.intent === "add") {
    const change = await addToCart(store.id, user.id, input.productId, input.quantity);
    if (!change.ok) return refusal(change, input.intent, input.productId);
    return redirectWithToast(safeRedirectPath(input.redirectTo, "/cart"), { key: "toast.cartAdded" });
  }
  if (input.intent === "update") {
    const change = await setCartQuantity(store.id, user.id, input.productId, input.quantity);
    if (!change.ok) return refusal(change, input.intent, input.productId);
    return redirectWithToast("/cart", {
      key: input.quantity === 0 ? "toast.productRemoved" : "toast.cartUpdated",
    });
  }
  const change = await removeFromCart(store.id, user.id, input.productId);
  if (!change.ok) return refusal(change, input.intent, input.productId);
  return redirectWithToast("/cart", { key: "toast.productRemoved" });
}

export default function CartPage() {
  const { cart } = useLoaderData<typeof loader>();
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
          <Link
            to="/products"
            className="inline-flex min-h-11 items-center rounded-md bg-primary px-5 font-bold text-on-primary"
          >
            {t("cart.continueShopping")}
          </Link>
        </div>
      ) : (
        <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_20rem]">
          <ul aria-label={t("cart.title")}>
            {cart.lines.map((line) => (
              <CartLineItem
                key={line.productId}
                line={line}
                reply={actionData?.productId === line.productId ? actionData.result : undefined}
              />
            ))}
          </ul>
          <CartSummary cart={cart} />
        </div>
      )}
    </div>
  );
}
