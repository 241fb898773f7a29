/**
 * /admin/orders/:number/refund (issue 37, decision 048): refund units of the order's lines (each
 * with "put back in stock"), shipping, the COD fee or any amount up to what is left, with a
 * reason, a note to the shopper and, for an offline payment, its method and reference. One
 * schema (validation/refunds) checks it here and in the browser; the service proposes the amount
 * from what was paid and refuses more than is left (409, with what remains). `orders.refund`.
 */
import { BackLink } from "~/components/admin/BackLink";
import type { MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ActionNotice } from "~/components/admin/ActionNotice";
import { AdminPage } from "~/components/admin/AdminPage";
import { Button } from "~/components/ui/Button";
import { LineUnitsField } from "~/components/orders/LineUnitsField";
import { CheckboxField } from "~/components/ui/Checkbox";
import { Field } from "~/components/ui/Field";
import { NumberField } from "~/components/ui/NumberField";
import { SelectField, TextAreaField } from "~/components/ui/FormFields";
import { entityFromPath, notFoundPage, ORDER_PATH, pathKey } from "~/http/entity.server";
import { adminAction, adminLoader } from "~/http/handlers.server";
import { Refusal } from "~/http/refusal.server";
import { submitSchemaForm } from "~/http/schema-form.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { currencyDigits, formatMoney } from "~/lib/money";
import { seo } from "~/lib/seo";
import { useFormPending } from "~/lib/use-form-pending";
import { useSchemaForm } from "~/lib/use-schema-form";
import { useTranslation } from "~/lib/use-translation";
import { OFFLINE_REFUND_METHODS, REFUND_REASON_CODES, refundSchema } from "~/lib/validation/refunds";
import { createRefund, refundStateOf } from "~/services/orders/refunds.server";
import { emailStore } from "~/services/email/email-templates.server";
import { returnRefundUnits } from "~/services/orders/returns.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** `?return=<id>` or the form's `returnRequestId`: a refund made from a received return (decision 050). */
const returnIdOf = (raw: FormDataEntryValue | string | null) =>
  typeof raw === "string" && UUID.test(raw) ? raw : null;

export const meta: MetaFunction<typeof loader> = (args) =>
  seo({ ...args, page: (t) => t("refunds.formTitle", { number: args.data?.number ?? "" }) });

export const loader = adminLoader("orders.refund", async ({ store, params, locale, request }) => {
  const state = await entityFromPath(params.number, (number) => refundStateOf(store.id, number), ORDER_PATH);
  // From a received return: its units filled in (the service caps the refund to them).
  const returnId = returnIdOf(new URL(request.url).searchParams.get("return"));
  const returnUnits = returnId ? await returnRefundUnits(store.id, state.order.number, returnId) : null;
  const money = (cents: number) => formatMoney(cents, store.currency, locale);
  const digits = currencyDigits(store.currency);
  return {
    number: state.order.number,
    currency: store.currency,
    digits,
    offline: state.order.paymentMethod !== "card",
    refundable: state.order.refundable,
    // Nothing is refundable before the money was taken (a COD order's cash not yet received).
    remaining: money(state.order.refundable ? state.remainingCents : 0),
    paid: money(state.order.totalCents),
    lines: state.lines.map((line) => ({
      id: line.id,
      name: locale === "ar" ? line.nameAr : line.nameEn,
      bought: line.quantity,
      left: line.quantity - line.refundedUnits,
      paid: money(line.gross),
    })),
    shippingLeft:
      state.pieces.shipping.gross > state.shippingRefunded
        ? money(state.pieces.shipping.gross - state.shippingRefunded)
        : null,
    codFeeLeft:
      state.pieces.codFee.gross > state.codFeeRefunded
        ? money(state.pieces.codFee.gross - state.codFeeRefunded)
        : null,
    // The form's one-time token: a double submit makes one refund (the service finds the first).
    requestToken: crypto.randomUUID(),
    returnId: returnUnits ? returnId : null,
    returnMissing: returnId !== null && returnUnits === null,
    defaultValue: returnUnits
      ? {
          reasonCode: "returned",
          lines: state.lines.map((line) => ({
            orderItemId: line.id,
            quantity: returnUnits.has(line.id)
              ? String(Math.min(returnUnits.get(line.id)!, line.quantity - line.refundedUnits))
              : "",
          })),
        }
      : undefined,
    constraint: formConstraint(refundSchema(digits)),
  };
});

export const action = adminAction("orders.refund", async (args) => {
  const { store, user, params, locale, form } = args;
  const returnRequestId = returnIdOf(form.get("returnRequestId"));
  const number = pathKey(params.number, ORDER_PATH);
  return submitSchemaForm(args, {
    schema: refundSchema(currencyDigits(store.currency)),
    save: (value) =>
      createRefund(
        store.id,
        number,
        {
          lines: value.lines,
          shippingCents: value.shipping,
          codFeeCents: value.codFee,
          extraCents: value.extra,
          reasonCode: value.reasonCode,
          reasonText: value.reasonText,
          noteToShopper: value.note,
          method: value.method,
          reference: value.reference,
          requestToken: value.requestToken,
          returnRequestId,
          emailStore: emailStore(store),
        },
        user.id,
      ),
    refuse: (result) => {
      if (result.kind === "not-found") return notFoundPage(ORDER_PATH.notFound);
      if (result.kind === "return")
        return new Refusal(409, {
          key: result.reason === "not-received" ? "returns.admin.notReceived" : "returns.admin.overReceived",
        });
      if (result.kind === "over")
        return new Refusal(409, {
          key: "refunds.over",
          params: { amount: formatMoney(result.remainingCents, store.currency, locale) },
        });
      if (result.kind === "invalid") {
        const field = result.field.startsWith("qty_")
          ? "lines"
          : result.field === "shippingCents"
            ? "shipping"
            : result.field === "codFeeCents"
              ? "codFee"
              : "lines";
        return { field, message: `refunds.errors.${result.message}`, status: 409 };
      }
      return null;
    },
    success: {
      path: `/admin/orders/${number}`,
      toast: (result) =>
        result.kind === "created" && result.refund.status === "failed"
          ? { key: "refunds.failedToast", type: "error" }
          : {
              key:
                result.kind === "created" && result.refund.status === "pending"
                  ? "refunds.pendingToast"
                  : "refunds.doneToast",
              params: {
                amount:
                  result.kind === "created"
                    ? formatMoney(result.refund.amountCents, store.currency, locale)
                    : "",
              },
            },
    },
  });
});

export default function AdminOrderRefund() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const pending = useFormPending({ method: "post" });
  const answered = actionData && "result" in actionData && actionData.result ? actionData : null;
  const form = useSchemaForm(
    () => import("~/lib/validation/refunds").then((m) => m.refundSchema(data.digits)),
    answered?.result,
    { id: "refund", constraint: data.constraint, defaultValue: data.defaultValue },
  );
  const title = t("refunds.formTitle", { number: data.number });
  return (
    <AdminPage title={title}>
      <BackLink
        to={`/admin/orders/${data.number}`}
        label={t("refunds.backToOrder", { number: data.number })}
      />
      <p className="font-bold" data-testid="refund-remaining">
        {t("refunds.remaining", { amount: data.remaining })}
      </p>
      <ActionNotice data={actionData} />
      {data.returnId ? (
        <p className="rounded-md border border-line bg-card p-3" data-testid="refund-from-return">
          {t("returns.admin.fromReturn")}
        </p>
      ) : data.returnMissing ? (
        <p className="text-muted">{t("returns.admin.notReceived")}</p>
      ) : null}
      {!data.refundable ? (
        <p className="text-muted">{t("refunds.nothingLeft")}</p>
      ) : (
        <Form
          method="post"
          {...form.formProps}
          className="grid grid-cols-1 gap-x-6 gap-y-3 rounded-lg border border-line p-4 sm:p-6 md:grid-cols-2"
        >
          <input type="hidden" name="requestToken" value={data.requestToken} />
          {data.returnId ? <input type="hidden" name="returnRequestId" value={data.returnId} /> : null}
          <fieldset className="md:col-span-2">
            <legend className="font-bold">{t("refunds.linesLegend")}</legend>
            <ul className="mt-2 flex flex-col gap-3">
              {data.lines.map((line, index) => (
                <LineUnitsField
                  key={line.id}
                  index={index}
                  line={line}
                  facts={t("refunds.lineFacts", { bought: line.bought, left: line.left, paid: line.paid })}
                  label={t("refunds.units")}
                  left={line.left}
                  field={form.field(`lines[${index}].quantity`)}
                  after={
                    <CheckboxField
                      field={form.field(`lines[${index}].restock`)}
                      label={t("refunds.restock")}
                      disabled={line.left === 0}
                    />
                  }
                />
              ))}
            </ul>
            <p className="mt-1 text-sm text-muted">{t("refunds.linesHint")}</p>
          </fieldset>
          {data.shippingLeft ? (
            <NumberField
              field={form.field("shipping")}
              label={t("refunds.shipping", { currency: data.currency })}
              hint={t("refunds.upTo", { amount: data.shippingLeft })}
              decimal
            />
          ) : null}
          {data.codFeeLeft ? (
            <NumberField
              field={form.field("codFee")}
              label={t("refunds.codFee", { currency: data.currency })}
              hint={t("refunds.upTo", { amount: data.codFeeLeft })}
              decimal
            />
          ) : null}
          <NumberField
            field={form.field("extra")}
            label={t("refunds.extra", { currency: data.currency })}
            hint={t("refunds.extraHint")}
            decimal
          />
          <SelectField field={form.field("reasonCode")} label={t("refunds.reason")}>
            <option value="">{t("refunds.chooseReason")}</option>
            {REFUND_REASON_CODES.map((code) => (
              <option key={code} value={code}>
                {t(`refunds.reasons.${code}`)}
              </option>
            ))}
          </SelectField>
          <TextAreaField
            field={form.field("reasonText")}
            label={t("refunds.reasonText")}
            rows={2}
            maxLength={500}
          />
          <TextAreaField
            field={form.field("note")}
            label={t("refunds.note")}
            hint={t("refunds.noteHint")}
            rows={2}
            maxLength={500}
          />
          {data.offline ? (
            <>
              <SelectField field={form.field("method")} label={t("refunds.method")}>
                {OFFLINE_REFUND_METHODS.map((method) => (
                  <option key={method} value={method}>
                    {t(`refunds.methods.${method}`)}
                  </option>
                ))}
              </SelectField>
              <Field
                field={form.field("reference")}
                label={t("refunds.reference")}
                maxLength={100}
                dir="auto"
              />
            </>
          ) : (
            <p className="text-sm text-muted md:col-span-2">{t("refunds.toCard")}</p>
          )}
          <div className="flex flex-wrap items-center gap-4 md:col-span-2">
            <Button disabled={pending}>{t("refunds.submit")}</Button>
          </div>
        </Form>
      )}
    </AdminPage>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
