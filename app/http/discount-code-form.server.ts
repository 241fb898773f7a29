/**
 * The discount code form's answer, shared by the cart's and the checkout's actions (issue 20):
 * both pages post Apply and Remove to themselves with an `intent`, so the form works without
 * JavaScript. Applied or removed → back to the page with a toast; refused → 409 with the reason
 * under the field (the missing amount of a minimum formatted in the shopper's language), the
 * page's other forms untouched (their `result` stays null).
 */
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { Locale } from "~/lib/i18n";
import type { FormReply } from "~/lib/use-schema-form";
import { codeRefusalNotice } from "~/lib/discount-codes";
import { formatMoney } from "~/lib/money";
import type { FormNotice } from "~/lib/notice";
import { redirectWithToast } from "~/lib/toast.server";
import { codeFormSchema } from "~/lib/validation/discount-code";
import { applyCartCode, removeCartCode } from "~/services/orders/cart-code.server";
import { enforceRateLimit } from "./form.server";
import { DISCOUNT_CODE_RATE_LIMIT } from "./rate-rules.server";

/** What the page's discount form reads from its action's answer. */
export interface CodeFormAnswer {
  result: FormReply;
  /** The refusal, with its parameters (the field's error carries the same key). */
  message: FormNotice | null;
}

const answer = (status: number, discount: CodeFormAnswer) =>
  data({ result: null, notice: null, productId: null, discount }, { status });

export async function discountCodeAction(
  args: { store: { id: string; currency: string }; user: { id: string }; form: FormData; locale: Locale },
  page: "/cart" | "/checkout",
) {
  const { store, user, form, locale } = args;
  const submission = parseWithZod(form, { schema: codeFormSchema });
  if (submission.status !== "success") return answer(400, { result: submission.reply(), message: null });
  if (submission.value.intent === "remove-code") {
    await removeCartCode(store.id, user.id);
    return redirectWithToast(page, { key: "discounts.removed" });
  }
  await enforceRateLimit(`discount-code:subject:${user.id}`, DISCOUNT_CODE_RATE_LIMIT);
  const applied = await applyCartCode(store.id, user.id, submission.value.code);
  if (!applied.ok) {
    const message = codeRefusalNotice(applied.refusal, (minor) => formatMoney(minor, store.currency, locale));
    return answer(409, {
      result: submission.reply({ fieldErrors: { code: [message.key] } }),
      message,
    });
  }
  return redirectWithToast(page, { key: "discounts.applied", params: { code: applied.code } });
}
