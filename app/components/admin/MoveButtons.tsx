import { Form } from "@remix-run/react";
import { RowSubmitButton } from "~/components/admin/RowActions";
import { useTranslation } from "~/lib/use-translation";

/**
 * "Move up" / "Move down" for one row of an ordered list (shipping zones, a zone's rates): a
 * plain POST form of real buttons, so it works from the keyboard and without JavaScript. The
 * first row cannot go up, the last cannot go down (disabled). `label` names the row for screen
 * readers ("Move up: Riyadh").
 */
export function MoveButtons({
  id,
  label,
  intents,
  first,
  last,
}: {
  id: string;
  label: string;
  intents: readonly [up: string, down: string];
  first: boolean;
  last: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Form method="post" preventScrollReset className="flex gap-2">
      <input type="hidden" name="id" value={id} />
      <RowSubmitButton value={intents[0]} label={t("shippingAdmin.moveUp")} name={label} disabled={first} />
      <RowSubmitButton value={intents[1]} label={t("shippingAdmin.moveDown")} name={label} disabled={last} />
    </Form>
  );
}
