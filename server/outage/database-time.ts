/**
 * A deadline counted in time the event loop was free to hear the database (decision 020, issue 42
 * D9). A plain timer is timed on the loop: when a render keeps the CPU for a second, the timer
 * is due when the loop is next free, and Node runs due timers before it reads the sockets, so the
 * database's answer, there in time, lost to the timer (a worker at load average 10 called the
 * database down and answered 136 requests 503 while PostgreSQL was fine). Here the budget is
 * spent in short ticks, and a tick that comes late counts only what it asked for: the lateness
 * was the loop's, not the database's. When the budget is spent the verdict waits for the rest
 * of that loop turn, after the sockets were read, so an answer already received still wins.
 */
export interface DatabaseDeadline {
  /** Rejects once the budget is spent; never resolves. */
  expired: Promise<never>;
  clear(): void;
}

export function databaseDeadline(
  budgetMs: number,
  { now = () => performance.now(), tickMs = 50 }: { now?: () => number; tickMs?: number } = {},
): DatabaseDeadline {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let verdict: ReturnType<typeof setImmediate> | undefined;
  const expired = new Promise<never>((_, reject) => {
    let spent = 0;
    const wait = () => {
      const asked = Math.min(tickMs, budgetMs - spent);
      const from = now();
      timer = setTimeout(() => {
        spent += Math.min(now() - from, asked);
        if (spent < budgetMs) return wait();
        verdict = setImmediate(() => reject(new Error(`no answer within ${budgetMs} ms`)));
      }, asked);
    };
    wait();
  });
  // Nobody may be listening any more when it is cleared after the race.
  expired.catch(() => {});
  return {
    expired,
    clear() {
      clearTimeout(timer);
      if (verdict) clearImmediate(verdict);
    },
  };
}
