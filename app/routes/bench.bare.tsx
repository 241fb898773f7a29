import { useLoaderData } from "@remix-run/react";

/**
 * Baseline for tests/bench: the same framework path as a store page (root loader, tenant
 * resolution, SSR) minus the page's own work. Hidden unless BENCH_ROUTES=1 so it never ships live.
 */
export function loader() {
  if (process.env.BENCH_ROUTES !== "1") throw new Response("Not Found", { status: 404 });
  return { message: "bare" };
}

export default function BenchBare() {
  const { message } = useLoaderData<typeof loader>();
  return <p>{message}</p>;
}
