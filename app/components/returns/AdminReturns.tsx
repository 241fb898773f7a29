/**
 * The shopper's return requests on the admin order page (issue 37 item 4, decision 050): each
 * with its units, reason, comment and state, and the step its state allows for staff holding
 * `orders.refund` — approve or decline with a message, the units received, then the refund page
 * with those units filled in. The forms post to /admin/orders/:number/returns.
 */
import { Form, Link } from "@remix-run/react";
import { Button, buttonClass } from "~/components/ui/Button";
import { Input } from "~/components/ui/Input";
import { Textarea } from "~/components/ui/Textarea";
import { useTranslation } from "~/lib/use-translation";
import type { ReturnView } from "~/services/orders/contract";
import { ReturnStates } from "./ShopperReturns";

export function AdminReturns({
  number,
  requests,
  canAct,
}: {
  number: number;
  requests: ReturnView[];
  canAct: boolean;
}) {
  const { t } = useTranslation();
  if (requests.length === 0) return null;
  const action = `/admin/orders/${number}/returns`;
  return (
    <section
      aria-labelledby="returns-heading"
      className="rounded-lg border border-line bg-card p-4"
      data-testid="admin-returns"
    >
      <h2 id="returns-heading" className="font-bold">
        {t("returns.admin.heading")}
      </h2>
      {requests.map((request) => (
        <div key={request.id} className="mt-3">
          <ReturnStates requests={[request]} />
          {!canAct ? null : request.state === "requested" ? (
            <Form method="post" action={action} className="mt-2 flex flex-col gap-2">
              <input type="hidden" name="returnId" value={request.id} />
              <label className="flex flex-col gap-1">
                <span className="text-sm font-bold">{t("returns.admin.message")}</span>
                <Textarea name="message" rows={2} maxLength={1000} dir="auto" />
              </label>
              <div className="flex flex-wrap gap-2">
                <Button name="intent" value="approve">
                  {t("returns.admin.approve")}
                </Button>
                <Button name="intent" value="decline" variant="secondary">
                  {t("returns.admin.decline")}
                </Button>
              </div>
            </Form>
          ) : request.state === "approved" ? (
            <Form method="post" action={action} className="mt-2 flex flex-col gap-2">
              <input type="hidden" name="returnId" value={request.id} />
              <fieldset className="flex flex-col gap-2">
                <legend className="text-sm font-bold">{t("returns.admin.received")}</legend>
                {request.lines.map((line, index) => (
                  <label key={line.orderItemId} className="grid grid-cols-[1fr_6rem] items-center gap-2">
                    <span dir="auto" className="min-w-0 text-sm break-words">
                      {line.name}
                    </span>
                    <input type="hidden" name={`lines[${index}].orderItemId`} value={line.orderItemId} />
                    <Input
                      type="number"
                      name={`lines[${index}].quantity`}
                      min={0}
                      max={line.quantity}
                      defaultValue={line.quantity}
                      inputMode="numeric"
                      dir="ltr"
                      aria-label={`${t("returns.admin.received")}: ${line.name}`}
                    />
                  </label>
                ))}
              </fieldset>
              <Button name="intent" value="receive" className="self-start">
                {t("returns.admin.markReceived")}
              </Button>
            </Form>
          ) : request.state === "received" ? (
            <Link
              to={`/admin/orders/${number}/refund?return=${request.id}`}
              className={`${buttonClass()} mt-2`}
            >
              {t("returns.admin.refund")}
            </Link>
          ) : null}
        </div>
      ))}
    </section>
  );
}
