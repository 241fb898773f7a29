/** Calling route loaders and actions the way Remix does, with a real tenant and database. */
import type { AppLoadContext } from "@remix-run/node";
import { createLoadContext } from "~/http/load-context.server";
import { resolveTenantUncached } from "~/services/store/tenancy.server";
import type { Db } from "~/db/client.server";

/**
 * The load context server.ts would build for a request to `host`. Pass the request (or its URL)
 * when the test depends on its language (`?lng=ar`, the `lng` cookie).
 */
export async function contextFor(
  db: Db,
  host: string,
  options: string | { clientAddress?: string; request?: Request } = {},
): Promise<AppLoadContext> {
  const { clientAddress = "203.0.113.7", request } =
    typeof options === "string" ? { clientAddress: options } : options;
  return createLoadContext({
    url: new URL(request?.url ?? `http://${host}/`),
    cookieHeader: request?.headers.get("Cookie") ?? null,
    tenant: await resolveTenantUncached(db, host, "localhost"),
    clientAddress,
  });
}

/** A POST of url-encoded fields, as a browser form sends it. */
export function postForm(url: string, fields: Record<string, string>, cookie?: string): Request {
  const headers = new Headers({
    "Content-Type": "application/x-www-form-urlencoded",
    Origin: new URL(url).origin,
  });
  if (cookie) headers.set("Cookie", cookie);
  return new Request(url, { method: "POST", headers, body: new URLSearchParams(fields) });
}

/** What an action or loader answered: a Response, or single-fetch `data()` with its status. */
export interface Answer<T = unknown> {
  status: number;
  data: T;
  headers: Headers;
}

type DataWithInit = { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null };

function isDataWithInit(value: unknown): value is DataWithInit {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { type?: string }).type === "DataWithResponseInit"
  );
}

/** Runs a loader/action and normalises what it returned or threw. */
export async function answer<T = unknown>(run: () => Promise<unknown> | unknown): Promise<Answer<T>> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) {
    const text = await value.clone().text();
    return { status: value.status, data: text as T, headers: value.headers };
  }
  if (isDataWithInit(value)) {
    return {
      status: value.init?.status ?? 200,
      data: value.data as T,
      headers: new Headers(value.init?.headers),
    };
  }
  if (value instanceof Error) throw value;
  return { status: 200, data: value as T, headers: new Headers() };
}

/** The cookie pairs a response sets, ready for a follow-up request's Cookie header. */
export function cookiesFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}
