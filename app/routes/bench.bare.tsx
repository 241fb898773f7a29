import { useLoaderData } from "@remix-run/react";
import { notFound } from "~/http/guards.server";
import { siteLoader } from "~/http/handlers.server";

/**
 * Baseline for tests/bench: the same framework path as a store page (root loader, tenant
 * resolution, SSR) minus the page's own work. Hidden unless BENCH_ROUTES=1 so it never ships live.
 */
export const loader = siteLoader(() => {
  if (process.env.BENCH_ROUTES !== "1") throw notFound();
  return { message: "bare" };
});

export default function BenchBare() {
  const { message } = useLoaderData<typeof loader>();
  return <p>{message}</p>;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";
