/**
 * What is known about a request when its answer is finished (decision 021), for the request log
 * and the metrics: an id (sent back as `X-Request-Id`), the method, status and duration, and,
 * once the request reached the app, the store it was for and the Remix route that answered.
 * Facts are noted on the response as the request goes through the layers (`noteRequest`), and
 * read once, on `finish`.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

export interface RequestFacts {
  id: string;
  /** Reached Remix or the page cache (not an asset, a refusal at the edge or the health check). */
  app?: boolean;
  /** The store the host belongs to; null once resolved to no store (platform, unknown host). */
  store?: { id: string; slug: string } | null;
  /** Answered by the edge at its deadline, its work given up (decision 020). */
  deadline?: boolean;
}

export interface FinishedRequest extends RequestFacts {
  method: string;
  /** The Host header as sent (the store of a page-cache answer is looked up by it). */
  host: string | undefined;
  path: string;
  status: number;
  durationMs: number;
}

const facts = new WeakMap<ServerResponse, RequestFacts>();

/** A proxy's id is kept only when it looks like one: no spaces, quotes or control characters. */
const INCOMING_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

export function requestFacts(res: ServerResponse): RequestFacts | undefined {
  return facts.get(res);
}

export function noteRequest(res: ServerResponse, more: Partial<Omit<RequestFacts, "id">>): void {
  const known = facts.get(res);
  if (known) Object.assign(known, more);
}

/**
 * Starts observing a request: sets its id (a trusted proxy's `X-Request-Id`, else a new one) and
 * calls `onFinish` once the answer has been handed to the socket. A request whose client went
 * away first is reported too, with the status it would have had.
 */
export function observeRequest(
  req: IncomingMessage,
  res: ServerResponse,
  { trustProxy, onFinish }: { trustProxy: boolean; onFinish: (request: FinishedRequest) => void },
): void {
  const started = process.hrtime.bigint();
  const incoming = trustProxy ? req.headers["x-request-id"] : undefined;
  const id = typeof incoming === "string" && INCOMING_ID.test(incoming) ? incoming : randomUUID();
  const known: RequestFacts = { id };
  facts.set(res, known);
  res.setHeader("X-Request-Id", id);
  let reported = false;
  const report = () => {
    if (reported) return;
    reported = true;
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    onFinish({
      ...known,
      method: req.method ?? "GET",
      host: req.headers.host,
      path: query === -1 ? url : url.slice(0, query),
      status: res.statusCode,
      durationMs: Number(process.hrtime.bigint() - started) / 1e6,
    });
  };
  res.once("finish", report);
  res.once("close", report);
}
