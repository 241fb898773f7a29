import { Form, useNavigation } from "@remix-run/react";
import { useMoney } from "~/components/Price";
import { Button } from "~/components/ui/Button";
import { Input } from "~/components/ui/Input";
import { codeRefusalNotice, type CodeRefusal } from "~/lib/discount-codes";
import type { FormNotice } from "~/lib/notice";
import { useSchemaForm, type FormReply } from "~/lib/use-schema-form";
import { useTranslation } from "~/lib/use-translation";
import { APPLY_CODE, MAX_CODE_LENGTH, REMOVE_CODE } from "~/lib/discount-code-fields";

/** The code on the cart, as the summary has it (amounts in minor units). */
export interface CodeOnCart {
  code: string;
  kind: "percentage" | "fixed" | "free_shipping";
  amountCents: number;
  refusal: CodeRefusal | null;
}

/** The page action's answer to this form (discount-code-form.server.ts). */
export interface CodeFormReply {
  result: FormReply | null;
  message: FormNotice | null;
}

const loadSchema = () => import("~/lib/validation/discount-code").then((m) => m.applyCodeSchema);

/**
 * "Discount code" with Apply, and the applied code with Remove (issue 20), on the cart and the
 * checkout. Plain forms posting to the page with an intent, so they work without JavaScript; the
 * code's format is checked as you type once the schema has loaded. A code that no longer applies
 * (the cart changed, it ended) stays listed with the reason, for the shopper to remove or keep.
 */
export function DiscountCodeForm({
  action,
  applied,
  reply,
}: {
  action: "/cart" | "/checkout";
  applied: CodeOnCart | null;
  reply: CodeFormReply | null | undefined;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" &&
    navigation.formAction === action &&
    [APPLY_CODE, REMOVE_CODE].includes(String(navigation.formData?.get("intent")));
  const form = useSchemaForm(loadSchema, reply?.result, { id: `discount-${action.slice(1)}` });
  const code = form.field("code");
  // A refusal from the server has parameters (how much more to spend); a format error has none.
  const error = reply?.message && code.errors?.[0] === reply.message.key ? reply.message : null;
  const refusal = applied?.refusal ? codeRefusalNotice(applied.refusal, money) : null;
  return (
    <div className="mt-4 flex flex-col gap-2 border-t border-line pt-3">
      {applied ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="min-w-0">
            <span className="font-bold">{t("discounts.appliedCode")}</span>{" "}
            <bdi className="font-mono font-bold" dir="ltr" data-testid="applied-code">
              {applied.code}
            </bdi>
            {refusal ? (
              <span className="block text-sm font-bold text-red-700 dark:text-red-400" role="status">
                {t("discounts.notApplied")} {String(t(refusal.key, refusal.params))}
              </span>
            ) : null}
          </p>
          <Form method="post" action={action}>
            <input type="hidden" name="intent" value={REMOVE_CODE} />
            <Button
              variant="link"
              disabled={busy}
              aria-label={t("discounts.removeCode", { code: applied.code })}
            >
              {t("discounts.remove")}
            </Button>
          </Form>
        </div>
      ) : null}
      {/* Keyed by the applied code: once one is applied (or removed) the field starts empty again. */}
      <Form
        key={applied?.code ?? ""}
        method="post"
        action={action}
        {...form.formProps}
        className="flex flex-col gap-1"
      >
        <input type="hidden" name="intent" value={APPLY_CODE} />
        <label htmlFor={code.id} className="font-bold">
          {t("discounts.field")}
        </label>
        <div className="flex gap-2">
          <Input
            {...code.input}
            type="text"
            maxLength={MAX_CODE_LENGTH}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            dir="ltr"
            className="w-full min-w-0 font-mono uppercase"
          />
          <Button variant="secondary" disabled={busy} className="shrink-0">
            {t("discounts.apply")}
          </Button>
        </div>
        <div
          id={code.errorId}
          aria-live="polite"
          className="min-h-5 text-sm font-bold text-red-700 dark:text-red-400"
        >
          {code.errors?.length ? (
            <p>{error ? String(t(error.key, error.params)) : t(code.errors[0]!)}</p>
          ) : null}
        </div>
      </Form>
    </div>
  );
}
