/**
 * The shopper's returns on their order page (issue 37 item 4, decision 050): their requests and
 * their states, and, when the order may still be returned, the "Request a return" form. A plain
 * form POST (no client validation): the server answers a refusal above it, so it works without
 * JavaScript and adds no lazily loaded schema to the storefront's budget.
 */
import { Form } from "@remix-run/react";
import { LineUnitsField } from "~/components/orders/LineUnitsField";
import { Button } from "~/components/ui/Button";
import { CONTROL_CLASS } from "~/components/ui/Input";
import { useTranslation } from "~/lib/use-translation";
import { RETURN_REASON_CODES } from "~/lib/returns";
import type { ShopperReturns as ShopperReturnsData } from "~/services/orders/contract";

export function ReturnStates({ requests }: { requests: ShopperReturnsData["requests"] }) {
  const { t } = useTranslation();
  return (
    <ul className="mt-2 flex flex-col gap-3">
      {requests.map((request) => (
        <li key={request.id} className="rounded-md border border-line p-3" data-testid="return-request">
          <p className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-bold" data-testid="return-state" data-state={request.state}>
              {t(`returns.states.${request.state}`)}
            </span>
            <span className="text-sm text-muted">
              {t("returns.requestedOn", { date: request.requestedOn })}
            </span>
          </p>
          <ul className="mt-1 text-sm">
            {request.lines.map((line) => (
              <li key={line.orderItemId} dir="auto" className="break-words">
                {request.state === "received" || request.state === "refunded"
                  ? t("returns.lineReceived", {
                      quantity: line.quantity,
                      name: line.name,
                      received: line.receivedQuantity,
                    })
                  : t("returns.line", { quantity: line.quantity, name: line.name })}
              </li>
            ))}
          </ul>
          <p className="mt-1 text-sm text-muted">
            {t("returns.admin.reasonLine", { reason: t(`returns.reasons.${request.reasonCode}`) })}
          </p>
          {request.comment ? (
            <p className="mt-1 text-sm break-words whitespace-pre-line" dir="auto">
              {t("returns.admin.comment", { comment: request.comment })}
            </p>
          ) : null}
          {request.staffMessage ? (
            <p className="mt-1 text-sm break-words whitespace-pre-line" dir="auto">
              {t("returns.staffMessage", { message: request.staffMessage })}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export function ShopperReturns({ data }: { data: ShopperReturnsData }) {
  const { t } = useTranslation();
  const open = data.refusal === null;
  // Nothing to say on an order not delivered that has no requests (the order's state says it).
  if (!open && data.requests.length === 0 && data.refusal !== "window-closed") return null;
  return (
    <section
      aria-labelledby="returns-heading"
      className="mt-8 rounded-lg border border-line bg-card p-4 sm:p-6"
    >
      <h2 id="returns-heading" className="text-xl font-bold">
        {t("returns.request.heading")}
      </h2>
      {data.requests.length > 0 ? (
        <>
          <h3 className="mt-3 font-bold">{t("returns.yourRequests")}</h3>
          <ReturnStates requests={data.requests} />
        </>
      ) : null}
      {open ? (
        <Form method="post" className="mt-4 flex flex-col gap-4" data-testid="return-form">
          <input type="hidden" name="intent" value="return" />
          {data.windowEndsOn ? <p>{t("returns.request.intro", { date: data.windowEndsOn })}</p> : null}
          <ul className="flex flex-col gap-3">
            {data.lines.map((line, index) => (
              <LineUnitsField
                key={line.id}
                index={index}
                line={line}
                facts={t("returns.request.bought", { bought: line.bought, available: line.available })}
                label={t("returns.request.units")}
                left={line.available}
              />
            ))}
          </ul>
          <label className="flex flex-col gap-1">
            <span className="font-bold">{t("returns.request.reason")}</span>
            <select className={`${CONTROL_CLASS} min-h-11`} name="reasonCode" required defaultValue="">
              <option value="" disabled>
                {t("returns.request.chooseReason")}
              </option>
              {RETURN_REASON_CODES.map((code) => (
                <option key={code} value={code}>
                  {t(`returns.reasons.${code}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1">
            <span className="font-bold">{t("returns.request.comment")}</span>
            <textarea
              className={`${CONTROL_CLASS} min-h-11 py-2`}
              name="comment"
              rows={3}
              maxLength={1000}
              dir="auto"
            />
          </label>
          <Button className="self-start">{t("returns.request.submit")}</Button>
        </Form>
      ) : (
        <p className="mt-3 text-muted" data-testid="return-refusal">
          {t(`returns.refusals.${data.refusal}`)}
        </p>
      )}
    </section>
  );
}
