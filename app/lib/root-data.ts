import { useRouteLoaderData } from "@remix-run/react";
import type { RootData } from "./shell";

/** The root loader's data; undefined only inside an error page raised by the root itself. */
export function useOptionalRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}

export function useRootData(): RootData {
  const data = useOptionalRootData();
  if (!data) throw new Error("useRootData used outside a page rendered by the root route");
  return data;
}

/** The store the page belongs to; throws on the platform host. */
export function useStoreSite() {
  const { site } = useRootData();
  if (site.kind !== "store") throw new Error("useStoreSite used on a non-store host");
  return site;
}
