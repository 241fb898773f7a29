import { useFetcher } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "~/lib/use-translation";
import type { FormNotice } from "~/lib/notice";
import { useHydrated } from "~/lib/use-hydrated";
import { valueStateWith } from "~/lib/variant-choice";
import type { ProductPageData } from "~/services/catalog/contract";
import { Button } from "../ui/Button";
import { Input } from "../ui/Input";
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
 * The options (a radio group each), quantity (1..stock) and "Add to cart", posted to /cart, where
 * the server resolves the chosen values to a variant. Without JavaScript it is a plain POST that
 * redirects back here, and a "show" button asks this page for the chosen variant's price and
 * picture; with it a fetcher keeps the page, a refusal shows in place, and the page follows each
 * choice at once (`onChoose`).
 */
export function AddToCartForm({
  productId,
  stock,
  redirectTo,
  options = [],
  variants = [],
  values = [],
  onChoose,
  chosenStock,
}: {
  productId: string;
  stock: number;
  redirectTo: string;
  /** The product's options: one radio group each, resolved to a variant by the server. */
  options?: ProductPageData["options"];
  variants?: ProductPageData["variants"];
  /** The chosen value of each option (index 0 = option 1). */
  values?: (string | null)[];
  onChoose?: (index: number, valueId: string) => void;
  /** The chosen variant's stock; undefined when the chosen combination does not exist. */
  chosenStock?: number;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  // Until scripts run, the radios may change without the page knowing: the limit stays the
  // largest stock of any variant (the server checks the chosen one's), and the button enabled.
  const hydrated = useHydrated();
  const max =
    hydrated && chosenStock ? chosenStock : Math.max(stock, ...variants.map((variant) => variant.stock));
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
      {options.map((option, index) => (
        <fieldset key={option.position} className="flex flex-col gap-2">
          <legend className="font-bold">{option.name}</legend>
          <div className="flex flex-wrap gap-2">
            {option.values.map((value) => {
              // Sold out everywhere: disabled. Sold out (or not sold) only with the other current
              // choices: still pickable (another option may change next), but struck and said in words.
              const state = value.soldOut ? "sold-out" : valueStateWith(variants, values, index, value.id);
              return (
                <label
                  key={value.id}
                  className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-line px-3 has-[:checked]:border-primary has-[:checked]:font-bold has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60"
                >
                  <input
                    type="radio"
                    name={`option${option.position}`}
                    value={value.id}
                    checked={values[index] === value.id}
                    onChange={() => onChoose?.(index, value.id)}
                    disabled={value.soldOut}
                    required
                  />
                  {state === "available" ? (
                    <span>{value.label}</span>
                  ) : (
                    <span>
                      <s>{value.label}</s> (
                      {t(state === "sold-out" ? "variants.soldOutValue" : "variants.unavailableValue")})
                    </span>
                  )}
                </label>
              );
            })}
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
          <Input
            id={id}
            type="number"
            {...fieldProps("quantity", errorId)}
            defaultValue="1"
            required
            min={1}
            max={max}
            step={1}
            inputMode="numeric"
            className="w-24"
          />
        </div>
        <Button disabled={fetcher.state !== "idle" || (hydrated && !chosenStock)}>
          {t("productPage.addToCart")}
        </Button>
        {options.length > 0 ? (
          // Without scripts, this page itself shows the chosen variant (its price and picture).
          <noscript>
            <Button variant="secondary" formMethod="get" formAction={redirectTo} formNoValidate>
              {t("variantPicker.show")}
            </Button>
          </noscript>
        ) : null}
      </div>
      <FieldError id={errorId} errors={errors.quantity ?? errors.productId} />
    </fetcher.Form>
  );
}
