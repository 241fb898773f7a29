import { useTranslation } from "~/lib/use-translation";
import type { DataColumn } from "~/components/ui/DataTable";
import { localeName } from "~/lib/localized-name";

interface ProductRow {
  nameEn: string;
  nameAr: string;
  units: number;
}

/** The product and units columns the dashboard's top products and the report's by-product share. */
export function useProductColumns<Row extends ProductRow>(): DataColumn<Row>[] {
  const { t, i18n } = useTranslation();
  const count = new Intl.NumberFormat(i18n.language);
  return [
    {
      key: "name",
      header: t("reports.product"),
      rowHeader: true,
      cell: (row) => <span dir="auto">{localeName(row, i18n.language)}</span>,
    },
    { key: "units", header: t("reports.units"), align: "end", cell: (row) => count.format(row.units) },
  ];
}
