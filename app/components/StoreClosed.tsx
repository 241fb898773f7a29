import { lazy, Suspense } from "react";
import type { ClosedNotice } from "~/lib/shell";
import { StoreClosedNotice as NoticeOnServer } from "./StoreClosedNotice";

// Only a closed store's visitors see the notice, and the root's error page renders for every
// store: the storefront's start-up script leaves it out (its 110 KB budget, decision 028). The
// server renders it at once; the browser hydrates it when its chunk arrives.
const Notice = import.meta.env.SSR
  ? NoticeOnServer
  : lazy(() => import("./StoreClosedNotice").then((module) => ({ default: module.StoreClosedNotice })));

/** The closed store's notice (StoreClosedNotice), loaded on demand in the browser. */
export function StoreClosed({ notice }: { notice: ClosedNotice | null }) {
  return (
    <Suspense fallback={null}>
      <Notice notice={notice} />
    </Suspense>
  );
}
