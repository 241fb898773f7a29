/**
 * The hosted pages a browser visits: Checkout (`/pay/:session`), Connect onboarding
 * (`/connect/onboarding/:token`) and the billing portal (`/portal/:session`). Plain HTML forms,
 * so both a browser test and a test using fetch can drive them.
 */
import { cancelSubscription } from "./billing";
import { completeSession, sessionLines } from "./checkout";
import { completeOnboarding } from "./connect";
import { now, type StripeObject } from "./state";
import type { World } from "./world";

export const GOOD_CARD = "4242424242424242";
export const DECLINED_CARD = "4000000000000002";

export interface PageResponse {
  status: number;
  html?: string;
  redirect?: string;
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string, body: string, status = 200): PageResponse {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escape(title)}</title><style>body{font-family:sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}
label,input,button{display:block;margin:.5rem 0}.error{color:#b00020}</style></head><body>${body}</body></html>`;
  return { status, html };
}

function money(amount: number, currency: string): string {
  return `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;
}

// ——— Checkout ———

function checkoutForm(session: StripeObject, error?: string): string {
  const lines = sessionLines(session)
    .map(
      (line) =>
        `<li>${escape(line.name)} × ${line.quantity}: ${money((line.price.unit_amount as number) * line.quantity, line.price.currency as string)}</li>`,
    )
    .join("");
  const cancel = session.cancel_url ? `<a href="${escape(session.cancel_url as string)}">Cancel</a>` : "";
  return `<h1>Test checkout</h1><ul>${lines}</ul><p>Total: <strong>${money(session.amount_total as number, session.currency as string)}</strong></p>
${error ? `<p class="error" role="alert">${escape(error)}</p>` : ""}
<form method="post"><label for="card_number">Card number</label>
<input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" required>
<button type="submit">Pay</button></form>${cancel}`;
}

function findSession(world: World, id: string) {
  const found = world.objects.find(id);
  return found && found.object.object === "checkout.session" ? found : undefined;
}

/** Stripe expires open sessions itself once expires_at has passed. */
function inactive(session: StripeObject): boolean {
  return session.status !== "open" || (session.expires_at as number) <= now();
}

export function showCheckout(world: World, id: string): PageResponse {
  const found = findSession(world, id);
  if (!found) return page("Not found", "<h1>This checkout page does not exist.</h1>", 404);
  if (inactive(found.object))
    return page("Checkout", "<h1>This Checkout Session is no longer active.</h1>", 410);
  return page("Checkout", checkoutForm(found.object));
}

export function payCheckout(world: World, id: string, form: URLSearchParams): PageResponse {
  const found = findSession(world, id);
  if (!found) return page("Not found", "<h1>This checkout page does not exist.</h1>", 404);
  const { owner, object: session } = found;
  if (inactive(session)) return page("Checkout", "<h1>This Checkout Session is no longer active.</h1>", 410);
  const card = (form.get("card_number") ?? "").replace(/\s+/g, "");
  if (card === DECLINED_CARD) return page("Checkout", checkoutForm(session, "Your card was declined."), 402);
  if (card !== GOOD_CARD) return page("Checkout", checkoutForm(session, "Your card number is invalid."), 400);
  completeSession(world, owner, session);
  const success = session.success_url as string | null;
  if (success) return { status: 303, redirect: success.replaceAll("{CHECKOUT_SESSION_ID}", session.id) };
  return page("Paid", "<h1>Payment complete</h1>");
}

// ——— Connect onboarding ———

export function showOnboarding(world: World, token: string): PageResponse {
  const grant = world.accountLinks.get(token);
  if (!grant) return page("Not found", "<h1>This link does not exist.</h1>", 404);
  // Stripe sends a used or expired link to refresh_url, where the platform makes a new one.
  if (grant.used || grant.expiresAt <= now()) {
    return grant.refreshUrl
      ? { status: 303, redirect: grant.refreshUrl }
      : page("Expired", "<h1>This link has expired.</h1>", 410);
  }
  return page(
    "Connect onboarding",
    `<h1>Set up payments</h1><p>Test account <code>${escape(grant.account)}</code></p>
<form method="post"><button type="submit">Agree and submit</button></form>`,
  );
}

export function submitOnboarding(world: World, token: string): PageResponse {
  const grant = world.accountLinks.get(token);
  if (!grant) return page("Not found", "<h1>This link does not exist.</h1>", 404);
  if (grant.used || grant.expiresAt <= now()) return showOnboarding(world, token);
  grant.used = true;
  completeOnboarding(world, grant.account);
  return grant.returnUrl
    ? { status: 303, redirect: grant.returnUrl }
    : page("Done", "<h1>Onboarding complete</h1>");
}

// ——— Billing portal ———

function findPortal(world: World, id: string) {
  const found = world.objects.find(id);
  return found && found.object.object === "billing_portal.session" ? found : undefined;
}

export function showPortal(world: World, id: string): PageResponse {
  const found = findPortal(world, id);
  if (!found) return page("Not found", "<h1>This portal link does not exist.</h1>", 404);
  const { owner, object: portal } = found;
  const subscriptions = world.objects
    .list(owner, "subscription")
    .filter((s) => s.customer === portal.customer);
  const rows = subscriptions
    .map((s) => {
      const item = (s.items as { data: { current_period_end: number }[] }).data[0]!;
      const end = new Date(item.current_period_end * 1000).toISOString().slice(0, 10);
      const cancel =
        s.status === "canceled"
          ? ""
          : `<form method="post" action="/portal/${escape(id)}/cancel"><input type="hidden" name="subscription" value="${escape(s.id)}"><button type="submit">Cancel subscription</button></form>`;
      return `<li><code>${escape(s.id)}</code>: ${escape(s.status as string)}, period ends ${end}${cancel}</li>`;
    })
    .join("");
  const back = portal.return_url ? `<a href="${escape(portal.return_url as string)}">Return</a>` : "";
  return page(
    "Billing portal",
    `<h1>Billing portal</h1><ul>${rows || "<li>No subscriptions</li>"}</ul>${back}`,
  );
}

export function cancelFromPortal(world: World, id: string, form: URLSearchParams): PageResponse {
  const found = findPortal(world, id);
  if (!found) return page("Not found", "<h1>This portal link does not exist.</h1>", 404);
  const subscription = world.objects.get(found.owner, form.get("subscription") ?? "", "subscription");
  if (!subscription || subscription.customer !== found.object.customer)
    return page("Not found", "<h1>No such subscription.</h1>", 404);
  if (subscription.status !== "canceled") cancelSubscription(world, found.owner, subscription);
  return { status: 303, redirect: `/portal/${id}` };
}
