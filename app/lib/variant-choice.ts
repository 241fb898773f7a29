/**
 * Which variant a shopper's choice of option values means (decision 023), in the browser (the
 * product page's picker) and on the server (a page opened with `?variant=` or with the chosen
 * values of the no-JavaScript "show" button). Pure and small: it ships with the product page.
 */

/** What the picker needs of a variant: its option value ids by position (index 0 = option 1). */
export interface Choosable {
  id: string;
  valueIds: readonly (string | null)[];
}

/** The variant with exactly these values (missing positions mean "no such option"), if any. */
export function findVariant<T extends Choosable>(
  variants: readonly T[],
  values: readonly (string | null | undefined)[],
): T | undefined {
  return variants.find((variant) =>
    variant.valueIds.every((id, index) => (id ?? null) === (values[index] ?? null)),
  );
}

/**
 * The values the product page starts with, one per option: the variant named by `?variant=`
 * (when it is one of the product's active variants), else the values chosen by `option1`…`option3`
 * (each must be one of its option's values), else the first variant in stock, else the first.
 */
export function initialChoice(
  product: {
    options: readonly { values: readonly { id: string }[] }[];
    variants: readonly (Choosable & { stock: number })[];
  },
  params: URLSearchParams,
): { values: (string | null)[]; fromOptions: boolean } {
  const count = product.options.length;
  const named = product.variants.find((variant) => variant.id === params.get("variant"));
  if (named) return { values: named.valueIds.slice(0, count), fromOptions: false };
  const sent = product.options.map((_, index) => params.get(`option${index + 1}`));
  if (count > 0 && sent.some((value) => value !== null)) {
    return {
      values: product.options.map((option, index) =>
        option.values.some((value) => value.id === sent[index]) ? sent[index]! : null,
      ),
      fromOptions: true,
    };
  }
  const first = product.variants.find((variant) => variant.stock > 0) ?? product.variants[0];
  return {
    values: first ? first.valueIds.slice(0, count) : product.options.map(() => null),
    fromOptions: false,
  };
}

/** A product page's path with `?variant=` set (other paths unchanged): where an add comes back to. */
export function withVariant(path: string, variantId: string): string {
  if (!path.startsWith("/products/")) return path;
  const url = new URL(path, "http://same.invalid");
  url.searchParams.set("variant", variantId);
  return `${url.pathname}${url.search}`;
}

/** How a value reads next to the other options' current values: buyable, sold out, or no such variant. */
export type ValueState = "available" | "sold-out" | "unavailable";

/**
 * Each value's state were the shopper to pick it, the other options kept as chosen: marked before
 * it is picked, so "1 kg" says "sold out" while Gloss is chosen even when 1 kg Matte is in stock.
 * A value whose other options are not all chosen yet stays "available".
 */
export function valueStateWith<T extends Choosable & { stock: number }>(
  variants: readonly T[],
  values: readonly (string | null)[],
  index: number,
  valueId: string,
): ValueState {
  const next = values.map((value, i) => (i === index ? valueId : value));
  if (next.some((value) => value === null)) return "available";
  const variant = findVariant(variants, next);
  if (!variant) return "unavailable";
  return variant.stock > 0 ? "available" : "sold-out";
}
