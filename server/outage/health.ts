/**
 * Whether the database answers, as one process sees it (decision 020). A probe (`select 1` on a
 * connection of its own, so a busy pool never looks like an outage) runs every second, four
 * times a second while the database is down, and at once when a request failed in a way that
 * might be the database. A probe that fails or does not answer in time marks the database down;
 * the edge then answers 503 at once instead of letting requests wait on a pool that cannot
 * connect, and the first probe that succeeds brings the pages back.
 */
export interface HealthOptions {
  /** Resolves when the database answered; rejects or hangs otherwise. */
  ping: () => Promise<void>;
  /** Called after a probe timed out, so the next one does not queue behind a dead connection. */
  reset?: () => Promise<void>;
  intervalMs?: number;
  downIntervalMs?: number;
  timeoutMs?: number;
  log?: (line: string) => void;
}

export interface DatabaseHealth {
  /** As of the last probe. */
  readonly down: boolean;
  /** Probes now (sharing a probe already running) and says whether the database answered. */
  check(): Promise<boolean>;
  /** Calls `listener` once, the next time the database is found down; returns an unsubscribe. */
  onceDown(listener: () => void): () => void;
  stop(): Promise<void>;
}

export function databaseHealth({
  ping,
  reset,
  intervalMs = 1_000,
  downIntervalMs = 250,
  timeoutMs = 800,
  log = console.error,
}: HealthOptions): DatabaseHealth {
  let down = false;
  let running: Promise<boolean> | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const downListeners = new Set<() => void>();

  const probeOnce = async (): Promise<boolean> => {
    let timedOut = false;
    let deadline: ReturnType<typeof setTimeout> | undefined;
    try {
      await Promise.race([
        ping(),
        new Promise<never>((_, reject) => {
          deadline = setTimeout(() => {
            timedOut = true;
            reject(new Error(`no answer within ${timeoutMs} ms`));
          }, timeoutMs);
        }),
      ]);
      return true;
    } catch (error) {
      if (!down) log(`database unavailable: ${(error as Error).message ?? String(error)}`);
      if (timedOut) await reset?.().catch(() => {});
      return false;
    } finally {
      clearTimeout(deadline);
    }
  };

  const schedule = () => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void check(), down ? downIntervalMs : intervalMs);
    timer.unref();
  };

  function check(): Promise<boolean> {
    // Stopped at shutdown: the probe's connection closing then asks for a look, and would find
    // the database "gone" (the connection just closed) and say so in the log.
    if (stopped) return Promise.resolve(!down);
    running ??= probeOnce().then((ok) => {
      running = null;
      if (ok && down) log("database available again");
      const wasDown = down;
      down = !ok;
      if (down && !wasDown) {
        const listeners = [...downListeners];
        downListeners.clear();
        for (const listener of listeners) listener();
      }
      schedule();
      return ok;
    });
    return running;
  }

  schedule();
  return {
    get down() {
      return down;
    },
    check,
    onceDown(listener) {
      downListeners.add(listener);
      return () => downListeners.delete(listener);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      downListeners.clear();
      await running?.catch(() => {});
    },
  };
}
