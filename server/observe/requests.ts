/**
 * What happens when a request is finished (decision 021): its route and store are settled, then
 * it is written as one JSON line (unless REQUEST_LOG=0) and counted by the metrics. The line has
 * no stack: an unexpected error's stack is logged once, by Remix's `handleError`, with the same
 * request id.
 */
import type { Logger } from "pino";
import type { FinishedRequest, RequestFacts } from "./request";

export interface ObservedRequest extends FinishedRequest {
  route: string | null;
}

export interface RequestObserverOptions {
  logger?: Logger;
  /** Write a line per request (REQUEST_LOG=0 turns it off). */
  log: boolean;
  routeOf?: (pathname: string) => string | null;
  /** The store of a request answered without Remix (the page cache), looked up by its host. */
  storeOf?: (host: string) => Promise<RequestFacts["store"]>;
  /** E.g. the metrics' histogram. */
  record?: (request: ObservedRequest) => void;
}

/** Routes whose path holds a secret (a token): the line shows the route, never the path. */
const SECRET_PATH = /\$token\b/;

export function requestObserver({ logger, log, routeOf, storeOf, record }: RequestObserverOptions) {
  const finish = (request: ObservedRequest) => {
    record?.(request);
    if (!log || !logger) return;
    const line = {
      reqId: request.id,
      method: request.method,
      path: request.route && SECRET_PATH.test(request.route) ? request.route : request.path,
      status: request.status,
      ms: Math.round(request.durationMs * 10) / 10,
      route: request.route ?? undefined,
      store: request.store ? request.store.slug : undefined,
      storeId: request.store ? request.store.id : undefined,
      // Answered at its deadline, its work given up (decision 020).
      deadline: request.deadline || undefined,
    };
    if (request.status >= 500) logger.error(line, "request");
    else logger.info(line, "request");
  };
  // Nothing reads the line (REQUEST_LOG=0, no metrics): no route matched, no store looked up for
  // it, on every request (issue 41: a page-cache hit is cheap enough for this to show).
  if (!record && (!log || !logger)) return () => {};
  return (request: FinishedRequest) => {
    const route = request.app && routeOf ? routeOf(request.path) : null;
    if (request.app && request.store === undefined && storeOf && request.host) {
      storeOf(request.host).then(
        (store) => finish({ ...request, route, store }),
        () => finish({ ...request, route }),
      );
      return;
    }
    finish({ ...request, route });
  };
}
