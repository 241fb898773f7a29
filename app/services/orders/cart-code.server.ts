/**
 * A shopper applying a discount code to their cart, or removing it (issue 20): one code per cart,
 * kept server-side with the cart (cart_discount_codes), so it works without JavaScript and follows
 * the shopper to the checkout. A code is applied only if it may be used on the cart as it stands
 * (priced exactly as the checkout prices it); the cart and checkout judge it again on every view,
 * and placing the order claims the use (discounts/codes.server.ts).
 */
import { getDb } from "~/db/client.server";
import { clearCartCode, findCode, setCartCode, type CodeRefusal } from "~/services/discounts/codes.server";
import { priceCheckout } from "./pricing.server";

export type ApplyCodeResult =
  | { ok: true; code: string; kind: "percentage" | "fixed" | "free_shipping"; amountCents: number }
  | { ok: false; refusal: CodeRefusal };

/** Thrown to undo the tentative apply: the code the cart had before stays. */
class Refused extends Error {
  constructor(readonly refusal: CodeRefusal) {
    super(refusal.reason);
  }
}

export async function applyCartCode(storeId: string, userId: string, text: string): Promise<ApplyCodeResult> {
  const db = await getDb();
  try {
    return await db.withStore(storeId, async (tx) => {
      // Another store's code is simply not found here (RLS and the store id): "unknown".
      const code = await findCode(tx, storeId, text);
      if (!code) throw new Refused({ reason: "unknown" });
      await setCartCode(tx, storeId, userId, code.id);
      const price = await priceCheckout(tx, storeId, userId);
      if (!price.code) throw new Refused({ reason: "unknown" });
      if (price.code.refusal) throw new Refused(price.code.refusal);
      return { ok: true, code: code.code, kind: code.kind, amountCents: price.code.amountCents } as const;
    });
  } catch (error) {
    if (error instanceof Refused) return { ok: false, refusal: error.refusal };
    throw error;
  }
}

/** Takes the code off the cart; false when there was none. */
export async function removeCartCode(storeId: string, userId: string): Promise<boolean> {
  const db = await getDb();
  return db.withStore(storeId, (tx) => clearCartCode(tx, storeId, userId));
}
