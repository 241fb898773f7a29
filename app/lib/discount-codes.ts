/**
 * Why a discount code cannot be used (decision 029), and the message a shopper reads for it.
 * Isomorphic: the cart and checkout pages word a refusal shown in their summary, the checkout's
 * action words one from placing the order; both format the missing amount with the page's money.
 */
import type { FormNotice } from "./notice";

export type CodeRefusal =
  | { reason: "unknown" }
  | { reason: "not-started" }
  | { reason: "expired" }
  /** The eligible goods miss the minimum by `shortCents`; `scoped`: only some items count. */
  | { reason: "minimum"; shortCents: number; scoped: boolean }
  | { reason: "used-up" }
  | { reason: "used-by-you" }
  | { reason: "no-items" };

const KEYS: Record<Exclude<CodeRefusal["reason"], "minimum">, string> = {
  unknown: "discounts.refused.unknown",
  "not-started": "discounts.refused.notStarted",
  expired: "discounts.refused.expired",
  "used-up": "discounts.refused.usedUp",
  "used-by-you": "discounts.refused.usedByYou",
  "no-items": "discounts.refused.noItems",
};

/** The refusal as a locale key and its parameters; `money` formats minor units for the page. */
export function codeRefusalNotice(refusal: CodeRefusal, money: (minor: number) => string): FormNotice {
  if (refusal.reason === "minimum") {
    return {
      key: refusal.scoped ? "discounts.refused.minimumScoped" : "discounts.refused.minimum",
      params: { amount: money(refusal.shortCents) },
    };
  }
  return { key: KEYS[refusal.reason] };
}
