import { useLoaderData } from "@remix-run/react";
import { notFound } from "~/http/guards.server";
import { siteLoader } from "~/http/handlers.server";
import { config } from "~/lib/config.server";

/**
 * Baseline for tests/bench: the same framework path as a store page (root loader, tenant
 * resolution, SSR) minus the page's own work. Hidden unless BENCH_ROUTES=1 so it never ships live.
 */
export const loader = siteLoader(() => {
  if (!config().benchRoutes) throw notFound();
  return { message: "bare" };
});

export default function BenchBare() {
  const { message } = useLoaderData<typeof loader>();
  return <p>{message}</p>;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";
