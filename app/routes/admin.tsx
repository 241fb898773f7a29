import { Outlet, useLoaderData } from "@remix-run/react";
import { AdminLayout } from "~/components/admin/AdminLayout";
import { BillingBanner } from "~/components/admin/BillingBanner";
import { StoreLayout } from "~/components/StoreLayout";
import { RouteErrorBoundary } from "~/components/ui/RouteErrorBoundary";
import { adminLoader } from "~/http/handlers.server";
import { ANY_STAFF } from "~/lib/permissions";
import { useOptionalRootData, useRootData } from "~/lib/root-data";
import { heldReviewCount } from "~/services/catalog/reviews-admin.server";
import { billingAlert } from "~/services/billing/subscriptions.server";
import type { ShellHandle } from "~/root";

/** The admin area brings its own frame (sidebar, top bar) instead of the store header and footer. */
export const handle: ShellHandle = { chrome: false };

/** Every /admin page needs an admin of this store (DESIGN §5); children check again themselves. */
export const loader = adminLoader(ANY_STAFF, async ({ store, user, permissions }) => ({
  storeName: store.name,
  permissions: [...permissions],
  admin: { name: user.name, email: user.email, imageId: user.imageId },
  billingAlert: await billingAlert(store.id),
  navCounts: { heldReviews: permissions.includes("reviews.moderate") ? await heldReviewCount(store.id) : 0 },
}));

export default function AdminRoute() {
  const { storeName, admin, billingAlert } = useLoaderData<typeof loader>();
  const { locale } = useRootData().shell;
  return (
    <AdminLayout storeName={storeName} admin={admin}>
      <BillingBanner alert={billingAlert} locale={locale} />
      <Outlet />
    </AdminLayout>
  );
}

/**
 * Only the layout's own refusal lands here (every child page has its boundary, inside the frame):
 * a shopper (403) or another failure before the admin frame exists. They get the store's header
 * and footer around the message, not a bare page.
 */
export function ErrorBoundary() {
  const root = useOptionalRootData();
  if (root?.site.kind !== "store") return <RouteErrorBoundary />;
  return (
    <StoreLayout shell={root.shell} site={root.site}>
      <RouteErrorBoundary />
    </StoreLayout>
  );
}
