/**
 * Whether the database answers, as one process sees it (decision 020). A probe (`select 1` on a
 * connection of its own, so a busy pool never looks like an outage) runs every second, four
 * times a second while the database is down, and at once when a request failed in a way that
 * might be the database or lost its connection. Two probes in a row that fail or do not answer
 * in time mark the database down (one is not an outage: the probe's own connection terminated
 * under it, issue 42 D4); the second runs at once, so an outage is still called within the
 * timeout. Their time is the database's, not the event loop's (`databaseDeadline`, issue 42 D9).
 * The edge then answers 503 at once instead of letting requests wait on a pool that cannot
 * connect, and the first probe that succeeds brings the pages back.
 */
import { databaseDeadline } from "./database-time";
import { logger } from "../../app/lib/log.server";

export interface HealthOptions {
  /** Resolves when the database answered; rejects or hangs otherwise. */
  ping: () => Promise<void>;
  /** Called after a probe timed out, so the next one does not queue behind a dead connection. */
  reset?: () => Promise<void>;
  intervalMs?: number;
  downIntervalMs?: number;
  /** How long the database may take before it is called down: each of the two probes has half. */
  timeoutMs?: number;
  /** The clock the probes' deadlines read (tests). */
  now?: () => number;
  log?: (line: string) => void;
}

export interface DatabaseHealth {
  /** As of the last probe. */
  readonly down: boolean;
  /** Probes now (sharing a probe already running) and says whether the database answered. */
  check(): Promise<boolean>;
  /** Calls `listener` once, the next time the database is found down; returns an unsubscribe. */
  onceDown(listener: () => void): () => void;
  /**
   * A request's database work failed because its connection was gone (terminated, reset): the
   * health looks at once, and the edge answers that request unavailable (`lostSince`).
   */
  connectionLost(): void;
  /** Whether a connection was lost at or after `time` (on `now`'s clock). */
  lostSince(time: number): boolean;
  /** Connections lost so far. */
  readonly lostConnections: number;
  stop(): Promise<void>;
}

/** Probes in a row that must fail before the database is called down. */
const FAILURES_TO_DOWN = 2;

export function databaseHealth({
  ping,
  reset,
  intervalMs = 1_000,
  downIntervalMs = 250,
  timeoutMs = 800,
  now = () => performance.now(),
  log = (line) => logger.warn(line),
}: HealthOptions): DatabaseHealth {
  const probeTimeoutMs = Math.max(1, Math.floor(timeoutMs / FAILURES_TO_DOWN));
  let down = false;
  let lostConnections = 0;
  let lastLossAt = -Infinity;
  let running: Promise<boolean> | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const downListeners = new Set<() => void>();

  /** null when the database answered, else why not. */
  const probeOnce = async (): Promise<string | null> => {
    const deadline = databaseDeadline(probeTimeoutMs, { now });
    let timedOut = false;
    try {
      await Promise.race([
        ping(),
        deadline.expired.catch((error: unknown) => {
          timedOut = true;
          throw error;
        }),
      ]);
      return null;
    } catch (error) {
      if (timedOut) await reset?.().catch(() => {});
      return (error as Error).message ?? String(error);
    } finally {
      deadline.clear();
    }
  };

  /** Down only after FAILURES_TO_DOWN probes in a row failed; while down, one answer brings it back. */
  const probe = async (): Promise<boolean> => {
    let failure = await probeOnce();
    for (let failures = 1; failure !== null && !down && failures < FAILURES_TO_DOWN; failures++) {
      failure = await probeOnce();
    }
    if (failure !== null && !down) log(`database unavailable: ${failure}`);
    return failure === null;
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
    running ??= probe().then((ok) => {
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
    connectionLost() {
      lostConnections++;
      lastLossAt = now();
      void check();
    },
    lostSince: (time) => lastLossAt >= time,
    get lostConnections() {
      return lostConnections;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      downListeners.clear();
      await running?.catch(() => {});
    },
  };
}
