import { getFormProps, getInputProps } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { FormNotice } from "~/lib/notice";
import { useZodForm } from "~/lib/use-zod-form";
import type { SubmissionResult } from "@conform-to/react";
import { Button } from "../ui/Button";
import { FieldErrors } from "../ui/Field";
import { Notice } from "../ui/Notice";

/** HTML constraints computed from the schema by the loader (formConstraint). */
export type FormConstraint = Parameters<typeof useZodForm>[1];

/** The browser loads the schema on the form's first focus (see useZodForm). */
const loadSchema = () => import("~/lib/validation/cart").then((m) => m.addToCartSchema);

export interface CartActionData {
  result: SubmissionResult<string[]> | null;
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
  constraint,
}: {
  productId: string;
  stock: number;
  redirectTo: string;
  constraint: FormConstraint;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  // The cart action's answer when it refused (a success redirects instead).
  const answer = fetcher.data as CartActionData | undefined;
  const [form, fields, { onFocus }] = useZodForm(loadSchema, constraint, answer?.result, {
    id: `add-${productId}`,
    defaultValue: { quantity: "1" },
  });
  const notice = answer?.notice;
  const quantity = getInputProps(fields.quantity, { type: "number" });
  return (
    <fetcher.Form
      method="post"
      action="/cart"
      {...getFormProps(form)}
      onFocus={onFocus}
      className="flex flex-col gap-3"
    >
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {notice ? <Notice>{String(t(notice.key, notice.params))}</Notice> : null}
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={fields.quantity.id} className="font-bold">
            {t("productPage.quantity")}
          </label>
          <input
            {...quantity}
            key={quantity.key}
            min={1}
            max={stock}
            step={1}
            inputMode="numeric"
            className="min-h-11 w-24 rounded-md border border-line bg-field px-3 text-ink aria-[invalid=true]:border-red-700"
          />
        </div>
        <Button disabled={fetcher.state !== "idle"}>{t("productPage.addToCart")}</Button>
      </div>
      <FieldErrors
        id={fields.quantity.errorId}
        errors={[...(fields.quantity.errors ?? []), ...(fields.productId.errors ?? [])].map((key) => t(key))}
      />
    </fetcher.Form>
  );
}
