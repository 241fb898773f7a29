import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/Button";
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
      <Button
        size="sm"
        variant="secondary"
        name="intent"
        value={intents[0]}
        disabled={first}
        aria-label={`${t("shippingAdmin.moveUp")}: ${label}`}
      >
        {t("shippingAdmin.moveUp")}
      </Button>
      <Button
        size="sm"
        variant="secondary"
        name="intent"
        value={intents[1]}
        disabled={last}
        aria-label={`${t("shippingAdmin.moveDown")}: ${label}`}
      >
        {t("shippingAdmin.moveDown")}
      </Button>
    </Form>
  );
}
