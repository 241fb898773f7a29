import { useFetcher } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "~/lib/use-translation";
import type { FormNotice } from "~/lib/notice";
import type { ProductDetail } from "~/services/catalog/products.server";
import { Button } from "../ui/Button";
import { Notice } from "../ui/Notice";
import { useSchemaForm, type FormReply } from "~/lib/use-schema-form";
import { FieldError } from "../ui/Field";

/** The browser loads the schema on the form's first focus (see useSchemaForm). */
const loadSchema = () => import("~/lib/validation/cart").then((m) => m.addToCartSchema);

/** What the cart action answers when it refuses (a success redirects instead). */
export interface CartActionData {
  result: FormReply | null;
  notice: FormNotice | null;
}

/**
 * Quantity (1..stock) and "Add to cart", posted to /cart. Without JavaScript it is a plain POST
 * that redirects back here; with it a fetcher keeps the page, and a refusal shows in place.
 */
export function AddToCartForm({
  productId,
  stock,
  redirectTo,
  options = [],
  variants = [],
}: {
  productId: string;
  stock: number;
  redirectTo: string;
  /** The product's options: one radio group each, resolved to a variant by the server. */
  options?: ProductDetail["options"];
  variants?: ProductDetail["variants"];
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const answer = fetcher.data as CartActionData | undefined;
  const { errors, formProps, fieldProps } = useSchemaForm(loadSchema, answer?.result);
  const id = useId();
  const errorId = `${id}-error`;
  const notice = answer?.notice;
  return (
    <fetcher.Form method="post" action="/cart" {...formProps} className="flex flex-col gap-3">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      {options.length === 0 && variants.length === 1 ? (
        <input type="hidden" name="variantId" value={variants[0]!.id} />
      ) : null}
      {options.map((option) => (
        <fieldset key={option.position} className="flex flex-col gap-2">
          <legend className="font-bold">{option.name}</legend>
          <div className="flex flex-wrap gap-2">
            {option.values.map((value, index) => (
              <label
                key={value.id}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-line px-3 has-[:checked]:border-primary has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60"
              >
                <input
                  type="radio"
                  name={`option${option.position}`}
                  value={value.id}
                  defaultChecked={index === option.values.findIndex((v) => !v.soldOut)}
                  disabled={value.soldOut}
                  required
                />
                <span>
                  {value.label}
                  {value.soldOut ? ` (${t("variants.soldOutValue")})` : null}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {notice ? <Notice>{String(t(notice.key, notice.params))}</Notice> : null}
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={id} className="font-bold">
            {t("productPage.quantity")}
          </label>
          <input
            id={id}
            type="number"
            {...fieldProps("quantity", errorId)}
            defaultValue="1"
            required
            min={1}
            max={Math.max(stock, ...variants.map((variant) => variant.stock))}
            step={1}
            inputMode="numeric"
            className="min-h-11 w-24 rounded-md border border-line bg-field px-3 text-ink aria-[invalid=true]:border-red-700"
          />
        </div>
        <Button disabled={fetcher.state !== "idle"}>{t("productPage.addToCart")}</Button>
      </div>
      <FieldError id={errorId} errors={errors.quantity ?? errors.productId} />
    </fetcher.Form>
  );
}
