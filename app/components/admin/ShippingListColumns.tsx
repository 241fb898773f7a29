import { Link } from "@remix-run/react";
import { MoveButtons } from "~/components/admin/MoveButtons";
import { RowActions, RowConfirm, RowLinkButton } from "~/components/admin/RowActions";
import type { DataColumn } from "~/components/ui/DataTable";
import { useTranslation } from "~/lib/use-translation";

/** What differs between the list of zones and a zone's list of rates. */
const KINDS = {
  zone: {
    nameHeader: "shippingAdmin.zone",
    intents: ["zone-up", "zone-down"],
    deleteIntent: "delete",
    dialogId: "delete",
    deleteTitle: "shippingAdmin.deleteZoneTitle",
    deleteDescription: "shippingAdmin.deleteZoneDescription",
  },
  rate: {
    nameHeader: "shippingAdmin.rateName",
    intents: ["rate-up", "rate-down"],
    deleteIntent: "delete-rate",
    dialogId: "delete-rate",
    deleteTitle: "shippingAdmin.deleteRateTitle",
    deleteDescription: "shippingAdmin.deleteRateDescription",
  },
} as const;

/**
 * The columns of an ordered shipping list (the zones, or a zone's rates): the name linking to its
 * page, the list's own columns, then the row's buttons: move up and down (the order is the order
 * they match in), edit, and delete after a confirmation. The page's action answers the intents.
 */
export function useShippingListColumns<Row extends { id: string; name: string }>(
  kind: keyof typeof KINDS,
  rows: readonly Row[],
  pathOf: (row: Row) => string,
  between: DataColumn<Row>[],
): DataColumn<Row>[] {
  const { t } = useTranslation();
  const texts = KINDS[kind];
  return [
    {
      key: "name",
      header: t(texts.nameHeader),
      rowHeader: true,
      cell: (row) => (
        <Link
          to={pathOf(row)}
          className="font-bold underline underline-offset-4 hover:no-underline"
          dir="auto"
        >
          {row.name}
        </Link>
      ),
    },
    ...between,
    {
      key: "actions",
      header: t("shippingAdmin.actions"),
      cell: (row) => (
        <RowActions>
          <MoveButtons
            id={row.id}
            label={row.name}
            intents={texts.intents}
            first={rows[0]?.id === row.id}
            last={rows.at(-1)?.id === row.id}
          />
          <RowLinkButton to={pathOf(row)} label={t("shippingAdmin.edit")} name={row.name} />
          <RowConfirm
            id={`${texts.dialogId}-${row.id}`}
            label={t("shippingAdmin.delete")}
            name={row.name}
            title={t(texts.deleteTitle, { name: row.name })}
            description={t(texts.deleteDescription)}
            fields={{ intent: texts.deleteIntent, id: row.id }}
          />
        </RowActions>
      ),
    },
  ];
}
