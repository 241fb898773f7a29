import { Form, Link, useNavigation } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "~/lib/use-translation";
import type { CartLine } from "~/services/commerce/contract";
import { useSchemaForm, type FormReply } from "~/lib/use-schema-form";
import { Price } from "../Price";
import { PriceTag } from "../product/PriceTag";
import { Button } from "../ui/Button";
import { Input } from "../ui/Input";
import { FieldError } from "../ui/Field";
import { LineImage } from "./LineImage";

/** The browser loads the schema on the form's first focus (see useSchemaForm). */
const loadSchema = () => import("~/lib/validation/cart").then((m) => m.updateCartSchema);

/** One cart line: shade, name, unit price, quantity (0 removes), remove, line total. */
export function CartLineItem({
  line,
  reply,
}: {
  line: CartLine;
  /** The action's answer when it refused a change to this line. */
  reply: FormReply | null | undefined;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("variantId") === line.variantId;
  // Two lines of one product differ by their option values: the labels name both.
  const name = line.variantLabel ? `${line.name} (${line.variantLabel})` : line.name;
  const { errors, formProps, fieldProps } = useSchemaForm(loadSchema, reply);
  const id = useId();
  const label = line.colorFamily
    ? `${line.colorFamily} ${line.shadeHex ?? ""}`.trim()
    : (line.shadeHex ?? "");
  return (
    <li className="flex flex-wrap items-start gap-4 border-b border-line py-4">
      <LineImage
        imageId={line.imageId}
        shade={line.shadeHex ? { hex: line.shadeHex, label } : null}
        size={64}
      />
      <div className="flex min-w-40 grow flex-col gap-1">
        <h2 className="text-lg font-bold">
          {line.available ? (
            <Link to={`/products/${line.slug}`} className="underline-offset-4 hover:underline">
              {line.name}
            </Link>
          ) : (
            line.name
          )}
        </h2>
        {line.variantLabel ? <p className="text-muted">{line.variantLabel}</p> : null}
        <PriceTag priceCents={line.unitPriceCents} salePriceCents={line.unitSalePriceCents} size="md" />
        {!line.available ? (
          <p className="font-bold text-red-700 dark:text-red-300">{t("cart.unavailable")}</p>
        ) : line.exceedsStock ? (
          <p className="font-bold text-red-700 dark:text-red-300">
            {t("cart.onlyLeft", { count: line.stock })}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col gap-2">
        {line.available ? (
          <Form method="post" {...formProps} className="flex items-end gap-2">
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="productId" value={line.productId} />
            <input type="hidden" name="variantId" value={line.variantId} />
            <div className="flex flex-col gap-1">
              <label htmlFor={id} className="text-sm font-bold">
                {t("cart.quantity")}
              </label>
              <Input
                id={id}
                type="number"
                {...fieldProps("quantity", `${id}-error`)}
                // Names the product too: every line has a "Quantity" field.
                aria-label={t("cart.quantityFor", { name })}
                defaultValue={line.quantity}
                required
                min={0}
                max={Math.max(line.stock, line.quantity)}
                step={1}
                inputMode="numeric"
                className="w-20 px-2"
              />
            </div>
            <Button variant="secondary" disabled={busy} aria-label={t("cart.updateItem", { name })}>
              {t("cart.update")}
            </Button>
          </Form>
        ) : null}
        <FieldError id={`${id}-error`} errors={errors.quantity ?? errors.productId} />
        <Form method="post">
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="productId" value={line.productId} />
          <input type="hidden" name="variantId" value={line.variantId} />
          <Button variant="link" disabled={busy} aria-label={t("cart.removeItem", { name })}>
            {t("cart.remove")}
          </Button>
        </Form>
      </div>
      <p className="min-w-24 text-end text-lg font-extrabold">
        <span className="sr-only">{t("cart.lineTotal")}: </span>
        <Price minor={line.lineTotalCents} />
      </p>
    </li>
  );
}
