import { useFetcher } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { FormNotice } from "~/lib/notice";
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
}: {
  productId: string;
  stock: number;
  redirectTo: string;
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
            max={stock}
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
