import { useTranslation } from "~/lib/use-translation";
import { useMoney } from "~/components/Price";
import type { DataColumn } from "~/components/ui/DataTable";
import { localeName } from "~/lib/localized-name";
import { variantLabel, type VariantOption } from "~/lib/variants";

interface ProductRow {
  nameEn: string;
  nameAr: string;
  units: number;
  /** A product sold in options: its sales by variant (issue 19), listed under its name. */
  variants?: { variantId: string; options: VariantOption[]; units: number; revenue: number }[];
}

/** The product and units columns the dashboard's top products and the report's by-product share. */
export function useProductColumns<Row extends ProductRow>(): DataColumn<Row>[] {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const locale = i18n.language === "ar" ? "ar" : "en";
  const count = new Intl.NumberFormat(i18n.language);
  return [
    {
      key: "name",
      header: t("reports.product"),
      rowHeader: true,
      cell: (row) => (
        <span className="flex flex-col gap-1">
          <span dir="auto">{localeName(row, i18n.language)}</span>
          {row.variants && row.variants.length > 0 ? (
            <ul aria-label={t("adminVariants.reportVariants")} className="text-sm font-normal text-muted">
              {row.variants.map((variant) => (
                <li key={variant.variantId} dir="auto">
                  {t("adminVariants.reportVariantLine", {
                    variant: variantLabel(variant.options, locale),
                    units: count.format(variant.units),
                    revenue: money(variant.revenue),
                  })}
                </li>
              ))}
            </ul>
          ) : null}
        </span>
      ),
    },
    { key: "units", header: t("reports.units"), align: "end", cell: (row) => count.format(row.units) },
  ];
}
