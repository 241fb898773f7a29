import { Form } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { Button } from "~/components/ui/Button";
import { useFormPending } from "~/lib/use-form-pending";

/** The form that cancels; shared by the dialog and the confirmation page (no JavaScript). */
export function CancelOrderForm({ number, onKeep }: { number: number; onKeep?: () => void }) {
  const { t } = useTranslation();
  const action = `/orders/${number}/cancel`;
  const pending = useFormPending({ action, method: "post" });
  return (
    <Form method="post" action={action} className="mt-6 flex flex-wrap gap-3">
      <Button variant="danger" disabled={pending}>
        {t("orders.cancelConfirm")}
      </Button>
      {onKeep ? (
        <Button type="button" variant="secondary" onClick={onKeep}>
          {t("orders.keep")}
        </Button>
      ) : (
        <Button to={`/orders/${number}`} variant="secondary">
          {t("orders.keep")}
        </Button>
      )}
    </Form>
  );
}
