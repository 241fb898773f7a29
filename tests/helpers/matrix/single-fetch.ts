/**
 * A form posted as the browser's script posts it under Remix's single fetch: to `<path>.data`,
 * answered by the route's action alone (no loader runs and no page is rendered after it), in
 * turbo-stream. The matrix sends a field's lone posts this way (issue 32): the action, the code a
 * field's value reaches past the parse, runs exactly as for the document post, at a fraction of
 * the cost of rendering an admin page after it.
 */
import { decode, type DecodePlugin } from "turbo-stream";

/** Remix's data URL of a path: `/admin/staff?index` → `/admin/staff.data?index`, `/` → `/_root.data`. */
export function dataPath(action: string): string {
  const url = new URL(action, "http://matrix");
  const path = url.pathname === "/" ? "/_root.data" : `${url.pathname.replace(/\/$/, "")}.data`;
  return `${path}${url.search}`;
}

/** Remix's own types in the stream (its encodeViaTurboStream plugins), as plain values. */
const REMIX_TYPES: DecodePlugin = (type, ...data) => {
  // A loader's redirect comes wrapped; an action's is the plain `{ redirect, status }` already.
  if (type === "SingleFetchRedirect") return { value: data[0] };
  if (type === "SanitizedError") return { value: { error: data[1] } };
  if (type === "ErrorResponse") return { value: { status: data[1] } };
  if (type === "SingleFetchClassInstance") return { value: data[0] };
  if (type === "SingleFetchFallback") return { value: undefined };
  return false;
};

export interface DataAnswer {
  /** The action's status; for a redirect, the redirect's own (302…), as a document post has it. */
  status: number;
  location: string | null;
}

/**
 * What a data post answered. A redirect comes back as 202 with its target in the body
 * (`{ redirect, status }`): read back as the document post's status and Location.
 */
export async function dataAnswer(response: Response): Promise<DataAnswer> {
  if (response.status !== 202 || !response.body) {
    await response.body?.cancel();
    return { status: response.status, location: null };
  }
  const decoded = await decode(response.body, { plugins: [REMIX_TYPES] });
  await decoded.done;
  const target = decoded.value as { redirect?: unknown; status?: number };
  if (typeof target.redirect !== "string")
    throw new Error(`202 without a redirect: ${JSON.stringify(target)}`);
  return { status: target.status ?? 302, location: target.redirect };
}
