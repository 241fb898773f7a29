/**
 * The request edge's side of an outage (decision 020). While the database is down a request is
 * answered at once: an anonymous visitor's store page from the page cache whatever its age
 * (`X-Cache: stale`), anything else 503 with the "temporarily unavailable" page. A request
 * already waiting on the database when it goes down is answered the same way instead of hanging,
 * and one that failed (5xx or a throw) is answered so when a probe then finds the database down,
 * or when a database connection was lost while it ran (issue 42 D4).
 */
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import type { EdgePageCache } from "../edge/page-cache";
import type { DatabaseHealth } from "./health";
import { sendUnavailable } from "./page";

export interface OutageGuard {
  health: DatabaseHealth;
  pageCache?: EdgePageCache;
}

/** The stale page when there is one, else the 503. */
export async function answerUnavailable(
  guard: OutageGuard,
  req: ExpressRequest,
  res: ExpressResponse,
  url: URL,
): Promise<void> {
  const served = await guard.pageCache?.serveStale(req, res, url).catch(() => false);
  if (!served) sendUnavailable(req, res);
}

/**
 * `work`'s answer, or null when the database went down before it came (the caller answers
 * unavailable and drops whatever `work` ends with).
 */
export async function unlessDown<T>(guard: OutageGuard | undefined, work: Promise<T>): Promise<T | null> {
  if (!guard) return work;
  // onceDown fires on the next fall only: one that came while `work` was being started (a page
  // cache lookup that found the database gone) would otherwise leave it waiting on the pool.
  if (guard.health.down) {
    work.catch(() => {});
    return null;
  }
  let unsubscribe = () => {};
  const wentDown = new Promise<null>((resolve) => {
    unsubscribe = guard.health.onceDown(() => resolve(null));
  });
  try {
    const result = await Promise.race([work, wentDown]);
    // Nobody awaits `work` any more: its late failure is not an unhandled rejection.
    if (result === null) work.catch(() => {});
    return result;
  } finally {
    unsubscribe();
  }
}

/**
 * After a failure: true when the database is down, or when a database connection was lost since
 * `since` (the request's start, on `performance.now()`'s clock): a connection terminated under
 * the request while the database stays up (issue 42 D4). The caller answers unavailable.
 */
export async function failedForOutage(guard: OutageGuard | undefined, since: number): Promise<boolean> {
  if (!guard) return false;
  if (guard.health.lostSince(since)) return true;
  return !(await guard.health.check());
}
