/**
 * POST /webhooks/stripe: Stripe's signed events (DESIGN §5). Not a form: the raw body is read as
 * text, since the signature covers its exact bytes. Stripe sends no Origin header, which the
 * edge's same-origin check lets through (only a visible other origin is refused).
 * Bad or stale signature → 400 and nothing changes; an event seen before → 200 and nothing changes.
 * A signed event the app cannot act on (no object, a refund of a Cash On Delivery order) → 200
 * "ignored", recorded once: Stripe delivers every non-2xx again for days, and the same signed
 * bytes would fail the same way each time. Only 409 asks for a later delivery, when the event's
 * order is still on its way (services/payments/webhook.server.ts).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { metrics } from "~/lib/metrics.server";
import { handleStripeEvent } from "~/services/payments/webhook.server";
import { stripeWebhooksConfigured, verifyStripeEvent } from "~/services/stripe/stripe-client.server";

const text = (body: string, status: number) =>
  new Response(body, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return text("Method Not Allowed", 405);
  if (!stripeWebhooksConfigured()) return text("Stripe webhooks are not configured", 404);
  const body = await request.text();
  let event;
  try {
    event = verifyStripeEvent(body, request.headers.get("Stripe-Signature"));
  } catch {
    metrics.webhookEvent("rejected", "none");
    return text("Invalid Stripe signature", 400);
  }
  const { outcome, ledger } = await handleStripeEvent(event).catch((error: unknown) => {
    // Not recorded: Stripe delivers it again (the edge answers 500, or 503 in an outage).
    metrics.webhookEvent("error", "none");
    throw error;
  });
  metrics.webhookEvent(outcome, ledger);
  // 409: not applied and not recorded yet; Stripe delivers it again later.
  return text(outcome, outcome === "retry" ? 409 : 200);
}
