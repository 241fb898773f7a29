/**
 * Headers a refusal must keep on its way out (issue 8). Remix builds a page's headers from the
 * routes' `headers` exports and, for a route without one, keeps only Set-Cookie: a 429 thrown or
 * returned by a loader or action lost its `Retry-After`. Two places put it back:
 * - entry.server.tsx copies them for every document request (`keepRefusalHeaders`);
 * - single-fetch `.data` requests go through the routes' `headers` only, so a route that can
 *   refuse re-exports this module's `headers`: `export { headers } from "~/http/headers";`.
 */
import type { HeadersFunction } from "@remix-run/node";
import type { EntryContext } from "@remix-run/node";

/** The headers a refusal sets that a client acts on. */
export const REFUSAL_HEADERS = ["Retry-After"] as const;

function copyRefusalHeaders(from: Headers | undefined, to: Headers) {
  if (!from) return;
  for (const name of REFUSAL_HEADERS) {
    const value = from.get(name);
    if (value !== null) to.set(name, value);
  }
}

/** The route `headers` export: the parent's headers plus any refusal header of this route. */
export const headers: HeadersFunction = ({ parentHeaders, loaderHeaders, actionHeaders, errorHeaders }) => {
  const result = new Headers(parentHeaders);
  for (const from of [loaderHeaders, actionHeaders, errorHeaders]) copyRefusalHeaders(from, result);
  return result;
};

/** For entry.server.tsx: refusal headers of any route's loader or action onto the page. */
export function keepRefusalHeaders(context: EntryContext["staticHandlerContext"], responseHeaders: Headers) {
  for (const routeHeaders of [
    ...Object.values(context.loaderHeaders ?? {}),
    ...Object.values(context.actionHeaders ?? {}),
  ]) {
    copyRefusalHeaders(routeHeaders, responseHeaders);
  }
}
