/**
 * The subscription gate at the HTTP layer (SPEC §4, DESIGN §2). On a closed store's host every
 * page and every form answers 503 with Retry-After and the notice, except what an owner needs to
 * renew: signing in (and its recovery pages) and /admin/billing. Webhooks, /healthz and assets
 * never reach a guarded handler, so they stay open. A suspended store has nothing to renew: only
 * its sign-in stays reachable, so an owner can see why.
 */
import type { AppLoadContext } from "@remix-run/node";
import { platformOrigin } from "~/services/store/store-origin.server";
import { storeClosure, type StoreClosure } from "~/services/store/subscription-gate.server";
import type { ClosedNotice } from "~/lib/shell";
import { Refusal } from "./refusal.server";

/** Crawlers and clients: look again in an hour (a renewal reopens at once anyway). */
export const GATE_RETRY_AFTER_SECONDS = 3600;

const SIGN_IN = [
  /^\/login(?:\/link(?:\/[^/]+)?)?$/,
  /^\/logout$/,
  /^\/forgot-password$/,
  /^\/reset-password\/[^/]+$/,
];
// The subscription check (SPEC §7) is how a store's admin learns of the lapse: it answers too.
const RENEWAL = [/^\/admin\/billing(?:\/.*)?$/, /^\/api\/check-subscription\/[^/]+$/];

/** The page a request is for: single-fetch's `/x.data` and `/_root.data` read as `/x` and `/`. */
export function pagePath(request: Request): string {
  const path = new URL(request.url).pathname.replace(/\/+$/, "") || "/";
  if (path === "/_root.data") return "/";
  return path.endsWith(".data") ? path.slice(0, -".data".length) : path;
}

function exempt(path: string, closure: StoreClosure): boolean {
  if (SIGN_IN.some((rule) => rule.test(path))) return true;
  return closure === "expired" && RENEWAL.some((rule) => rule.test(path));
}

/** Why this request meets a closed store, or null when it may go on. */
export function closedStoreFor(request: Request, context: AppLoadContext): StoreClosure | null {
  if (context.tenant.kind !== "store") return null;
  const closure = storeClosure(context.tenant.store);
  if (!closure || exempt(pagePath(request), closure)) return null;
  return closure;
}

export const gateHeaders = () => ({
  "Retry-After": String(GATE_RETRY_AFTER_SECONDS),
  "Cache-Control": "no-store",
});

/** What the closed notice says and where a suspended store's owner reaches the platform. */
export function closedNotice(closure: StoreClosure): ClosedNotice {
  const platformUrl = platformOrigin();
  return { closure, platformUrl, platformHost: platformUrl.replace(/^https?:\/\//, "") };
}

/** Throws the gate's refusal (503 with the notice) when the store is closed to this request. */
export function enforceStoreGate(request: Request, context: AppLoadContext): void {
  const closure = closedStoreFor(request, context);
  if (closure) {
    // The notice's params are the ClosedNotice itself: the root's error page reads them there.
    const notice = closedNotice(closure);
    throw new Refusal(503, { key: `subscription.${closure}`, params: { ...notice } }, gateHeaders());
  }
}
