/**
 * `GET /api/check-subscription/:stripeId` (SPEC §7, DESIGN §5): `{ subData: [{ current_period_end }] }`
 * in seconds (0 when unset) for the store whose Stripe customer that is. Only for that store's
 * admin on its host, or platform staff on the platform host; anyone else, and any unknown id, 404,
 * so the answer never tells whether a customer id exists.
 */
import { resourceRoute, siteLoader } from "~/http/handlers.server";
import { getOptionalUser, notFound } from "~/http/guards.server";
import { getStaff } from "~/http/sessions.server";
import { checkSubscription } from "~/services/billing/subscriptions.server";

export const loader = resourceRoute(
  siteLoader(async ({ request, context, params }) => {
    const { tenant } = context;
    let asker: { storeId: string } | { staff: true } | null = null;
    if (tenant.kind === "platform") {
      if (await getStaff(request)) asker = { staff: true };
    } else if (tenant.kind === "store") {
      const user = await getOptionalUser(request, context);
      if (user?.isAdmin) asker = { storeId: tenant.store.id };
    }
    const found = asker ? await checkSubscription(params.stripeId ?? "", asker) : null;
    if (!found) throw notFound();
    return Response.json({ subData: [found] }, { headers: { "Cache-Control": "no-store" } });
  }),
);
