/**
 * The request edge's side of an outage (decision 020). While the database is down a request is
 * answered at once: an anonymous visitor's store page from the page cache whatever its age
 * (`X-Cache: stale`), anything else 503 with the "temporarily unavailable" page. A request
 * already waiting on the database when it goes down is answered the same way instead of hanging,
 * and one that failed (5xx or a throw) is answered so when a probe then finds the database down,
 * or when a database connection was lost while it ran (issue 42 D4).
 */
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import type { RequestWrites } from "../../app/lib/request-writes.server";
import type { EdgePageCache } from "../edge/page-cache";
import type { DatabaseHealth } from "./health";
import { sendUnavailable } from "./page";

export interface OutageGuard {
  health: DatabaseHealth;
  pageCache?: EdgePageCache;
}

/** The stale page when there is one, else the 503 (for a write, what is known of its outcome). */
export async function answerUnavailable(
  guard: OutageGuard,
  req: ExpressRequest,
  res: ExpressResponse,
  url: URL,
  writes?: RequestWrites,
): Promise<void> {
  const served = await guard.pageCache?.serveStale(req, res, url).catch(() => false);
  if (!served) sendUnavailable(req, res, writeOutcome(writes));
}

/** How the 503 page speaks of a write: "nothing was saved" only when nothing may have committed. */
export function writeOutcome(writes: RequestWrites | undefined): {
  outcomeUnknown: boolean;
  resendSafe: boolean;
} {
  return { outcomeUnknown: writes?.outcomeUnknown ?? false, resendSafe: writes?.resendSafe ?? false };
}

/**
 * A write whose COMMIT may have been sent is not given up at a fall (issue 42, decision 020): its
 * action knows what happened (a checkout looks its order up by its token), so its answer is awaited
 * for up to `graceMs` more.
 */
export interface CommitHold {
  writes: RequestWrites;
  graceMs: number;
}

const FELL = Symbol("fell");

/**
 * `work`'s answer, or null when the database went down before it came (the caller answers
 * unavailable and drops whatever `work` ends with). With `hold`, a write that may have committed
 * when the fall comes is awaited `hold.graceMs` longer before it is given up.
 */
export async function unlessDown<T>(
  guard: OutageGuard | undefined,
  work: Promise<T>,
  hold?: CommitHold,
): Promise<T | null> {
  if (!guard) return work;
  // onceDown fires on the next fall only: one that came while `work` was being started (a page
  // cache lookup that found the database gone) would otherwise leave it waiting on the pool.
  if (guard.health.down && !hold?.writes.mayHaveCommitted) {
    work.catch(() => {});
    return null;
  }
  let unsubscribe = () => {};
  const wentDown = new Promise<typeof FELL>((resolve) => {
    unsubscribe = guard.health.onceDown(() => resolve(FELL));
  });
  try {
    const result = guard.health.down ? FELL : await Promise.race([work, wentDown]);
    if (result !== FELL) return result;
    if (hold?.writes.mayHaveCommitted) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const given = new Promise<typeof FELL>(
        (resolve) => (timer = setTimeout(() => resolve(FELL), hold.graceMs)),
      );
      try {
        const late = await Promise.race([work, given]);
        if (late !== FELL) return late;
      } finally {
        clearTimeout(timer);
      }
    }
    // Nobody awaits `work` any more: its late failure is not an unhandled rejection.
    work.catch(() => {});
    return null;
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
