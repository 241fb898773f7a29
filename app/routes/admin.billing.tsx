/**
 * /admin/billing (DESIGN §5, issue 12): the store's plan, its status and period end; choosing a
 * plan opens Stripe Checkout (subscription mode), managing opens the billing portal. Reachable on
 * a store whose subscription has lapsed (the gate lets it through), so its owner can renew.
 */
import { data, redirect, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BillingPage } from "~/components/admin/BillingPage";
import { adminLoader } from "~/http/handlers.server";
import { INTENT_ONLY, intentAction } from "~/http/intent-action.server";
import type { FormNotice } from "~/lib/notice";
import { seo } from "~/lib/seo";
import { planChoiceSchema } from "~/lib/validation/billing";
import { redirectWithToast } from "~/lib/toast.server";
import { BILLING_PATH } from "~/services/billing/billing-path";
import { billingPortalUrl, getBilling, startPlanCheckout } from "~/services/billing/subscriptions.server";
import { errorFields, logger } from "~/lib/log.server";

export const meta: MetaFunction = (args) =>
  seo({ ...args, path: BILLING_PATH, page: (t) => t("billing.title") });

export const loader = adminLoader("billing.manage", async ({ store, request }) => ({
  billing: await getBilling(store.id),
  checkoutDone: new URL(request.url).searchParams.get("checkout") === "done",
}));

const refuse = (key: string, status: number) => data({ notice: { key } as FormNotice }, { status });

export const action = intentAction("billing.manage", {
  choose: [
    planChoiceSchema,
    async ({ packageId }, { store }) => {
      try {
        const checkout = await startPlanCheckout(store, packageId);
        if (!checkout.ok) {
          if (checkout.reason === "not-configured") return refuse("billing.notConfigured", 409);
          if (checkout.reason === "already-subscribed") return refuse("billing.alreadySubscribed", 409);
          if (checkout.reason === "current-plan") return refuse("planEntitlements.alreadyOnPlan", 409);
          return refuse("billing.noSuchPlan", 400);
        }
        return redirect(checkout.url);
      } catch (error) {
        logger.error(errorFields(error), "Stripe checkout for a plan failed");
        return refuse("billing.stripeFailed", 502);
      }
    },
    { messageFields: ["packageId"] },
  ],
  manage: [
    INTENT_ONLY,
    async (_, { store }) => {
      try {
        const url = await billingPortalUrl(store);
        // SPEC §7: a store without a Stripe customer says so in a toast.
        if (!url) return redirectWithToast(BILLING_PATH, { key: "toast.stripeIdNotFound", type: "error" });
        return redirect(url);
      } catch (error) {
        logger.error(errorFields(error), "Stripe billing portal failed");
        return refuse("billing.stripeFailed", 502);
      }
    },
  ],
});

export default function Billing() {
  const { billing, checkoutDone } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <BillingPage billing={billing} checkoutDone={checkoutDone} notice={actionData?.notice ?? null} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
