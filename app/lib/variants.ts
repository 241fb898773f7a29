/**
 * A variant's option values as words (decision 023): "Size: 1 kg · Finish: Matte". Used by the
 * cart, orders, emails, the packing slip and the orders CSV, for live variants and for the
 * snapshot an order line keeps. Empty for a product without options.
 */
import type { Locale } from "./i18n";

export interface VariantOption {
  nameEn: string;
  nameAr: string;
  valueEn: string;
  valueAr: string;
}

export function variantLabel(options: readonly VariantOption[] | null | undefined, locale: Locale): string {
  if (!options || options.length === 0) return "";
  return options
    .map((option) =>
      locale === "ar"
        ? `${option.nameAr || option.nameEn}: ${option.valueAr || option.valueEn}`
        : `${option.nameEn}: ${option.valueEn}`,
    )
    .join(" · ");
}

/** A line's product name with its option values beside it: "Crimson Red (Size: 1 kg)". */
export function nameWithVariant(
  line: { nameEn: string; nameAr: string; options?: readonly VariantOption[] | null },
  locale: Locale,
): string {
  const name = locale === "ar" ? line.nameAr || line.nameEn : line.nameEn;
  const label = variantLabel(line.options, locale);
  return label ? `${name} (${label})` : name;
}
