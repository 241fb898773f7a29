/**
 * Every request the Remix edge handles has a deadline (decision 020, issue 42): a request whose
 * work never settles (a query that never answers, a render waiting on it, the requests of the same
 * page waiting on that render) is answered when its time is up instead of holding its socket open.
 *
 * Past the deadline, an answer not yet started is the stale page when the page cache keeps one,
 * else the 503 "temporarily unavailable" page; one already streaming is cut off (its socket
 * closed), since its status is already sent. The request's signal is aborted, which aborts its
 * loaders and its render (entry.server.tsx), and the work still running is dropped: whatever it
 * ends with is never written.
 *
 * A write whose COMMIT may have been sent when its time is up (issue 42, decision 020) is given
 * `hold.graceMs` more for its action's own answer, which knows the outcome; past that, its page
 * says the outcome could not be confirmed.
 *
 * Each passed deadline is logged (a warning, with the request id) with what the request was still
 * waiting on: the stage of the edge (`race`'s `stage`) and, inside the page cache lookup, its own
 * step (`res.locals.lookupStep`). That is how a request that never settles is found (issue 42, D2).
 */
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { DEFAULT_REQUEST_DEADLINES, type RequestDeadlines } from "../../app/lib/config.server";
import { logger } from "../../app/lib/log.server";
import { noteRequest, requestFacts } from "../observe/request";
import { writeOutcome, type CommitHold } from "../outage/guard";
import { sendUnavailable } from "../outage/page";
import type { EdgePageCache } from "./page-cache";

export interface Deadline {
  /** True once the time is up: the request has been (or is being) answered by the deadline. */
  readonly passed: boolean;
  /**
   * `work`'s answer, or null when the deadline passes first; the caller then writes nothing, and
   * a late failure of `work` is not an unhandled rejection.
   */
  race<T>(work: Promise<T>, stage: DeadlineStage): Promise<T | null>;
}

/** What the edge waits on, for the log line of a passed deadline. */
export type DeadlineStage = "page cache lookup" | "shared render" | "render" | "page cache store" | "send";

/** How long a request may take: pages, and writes (an upload or an import may take longer). */
export function deadlineMs(method: string, deadlines: RequestDeadlines = DEFAULT_REQUEST_DEADLINES): number {
  return method === "GET" || method === "HEAD" ? deadlines.pageMs : deadlines.writeMs;
}

/**
 * Starts the request's clock. At the deadline `controller` is aborted and the request answered
 * (see the file's comment); the clock stops when the exchange ends.
 */
export function startDeadline({
  req,
  res,
  url,
  ms,
  controller,
  pageCache,
  hold,
}: {
  req: ExpressRequest;
  res: ExpressResponse;
  url: URL;
  ms: number;
  controller: AbortController;
  pageCache?: EdgePageCache;
  hold?: CommitHold;
}): Deadline {
  let passed = false;
  let waitingOn: DeadlineStage | "edge" = "edge";
  let pass = () => {};
  const reached = new Promise<null>((resolve) => (pass = () => resolve(null)));
  let held = false;
  const expire = () => {
    if (hold && !held && hold.writes.mayHaveCommitted) {
      // Its COMMIT may have been sent: the action's answer says what happened.
      held = true;
      timer = setTimeout(expire, hold.graceMs);
      return;
    }
    passed = true;
    // Read by the page cache: a lookup or a store finishing after this writes nothing.
    res.locals.lookupAbandoned = true;
    res.locals.deadlinePassed = true;
    noteRequest(res, { deadline: true });
    logger.warn(
      {
        reqId: requestFacts(res)?.id,
        deadlineMs: ms,
        heldForCommitMs: held ? hold?.graceMs : undefined,
        waitingOn,
        lookupStep: waitingOn === "page cache lookup" ? res.locals.lookupStep : undefined,
      },
      "request deadline passed",
    );
    pass();
    controller.abort();
    void answerPastDeadline(req, res, url, pageCache, hold);
  };
  let timer = setTimeout(expire, ms);
  res.once("close", () => clearTimeout(timer));
  return {
    get passed() {
      return passed;
    },
    async race<T>(work: Promise<T>, stage: DeadlineStage): Promise<T | null> {
      if (passed) {
        work.catch(() => {});
        return null;
      }
      waitingOn = stage;
      const result = await Promise.race([work, reached]);
      if (result === null && passed) work.catch(() => {});
      return result;
    },
  };
}

async function answerPastDeadline(
  req: ExpressRequest,
  res: ExpressResponse,
  url: URL,
  pageCache: EdgePageCache | undefined,
  hold: CommitHold | undefined,
) {
  // Its status is sent: the only answer left is to end the exchange.
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const served = await pageCache?.serveStale(req, res, url).catch(() => false);
  if (served || res.writableEnded) return;
  // A write's transaction may still commit: the shopper is not told that nothing was saved.
  sendUnavailable(req, res, { ...writeOutcome(hold?.writes), outcomeUnknown: true });
}
