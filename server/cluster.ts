/**
 * Several server processes sharing one port (node:cluster), so one instance uses every core it
 * is given (decision 008). The primary supervises: it starts the workers, replaces one that
 * dies after it was serving, and on SIGTERM or SIGINT lets each drain and close before exiting.
 * It also holds the instance's page cache, which the workers ask over IPC (decision 017).
 * A worker that dies before it ever listened (the database unreachable at start, say) is started
 * again after a pause that doubles with each such failure up to a limit (decision 020): the
 * primary never exits because a worker cannot start, and a crash loop does not spin the CPU.
 */
import cluster, { type Worker } from "node:cluster";
import { servePageCache } from "./page-cache/backend";
import type { PageStore } from "./page-cache/store";

export interface PrimaryOptions {
  workers: number;
  /** Added to each worker's environment. */
  env?: Record<string, string>;
  /** How long the workers get to drain after SIGTERM before the primary gives up on them. */
  shutdownTimeoutMs?: number;
  /** Pause before replacing a worker that died, so a crash loop does not spin the CPU. */
  restartDelayMs?: number;
  /** Longest pause between attempts at starting a worker that keeps dying before it serves. */
  maxRestartDelayMs?: number;
  /** Once, when every first-generation worker is listening. */
  onListening?: (address: { port: number }) => void;
  /** Where the primary's lines go (server.ts: the logger). */
  log: (line: string) => void;
  /** The instance's page cache, held here and asked by every worker (decision 017). */
  pageStore?: PageStore;
}

export function runPrimary({
  workers,
  env,
  shutdownTimeoutMs = 15_000,
  restartDelayMs = 1_000,
  maxRestartDelayMs = 30_000,
  onListening,
  log,
  pageStore,
}: PrimaryOptions): void {
  if (pageStore) {
    // Pages cross the IPC channel as bytes (structured clone), not as JSON.
    cluster.setupPrimary({ serialization: "advanced" });
    servePageCache(pageStore);
  }
  const live = new Set<Worker>();
  const serving = new Set<Worker>();
  const restarts = new Set<ReturnType<typeof setTimeout>>();
  let stopping = false;
  let announced = false;
  /** Workers that died before serving since one last served: the next pause doubles with each. */
  let failedStarts = 0;

  const fork = () => {
    const worker = cluster.fork(env);
    live.add(worker);
    worker.on("listening", (address) => {
      serving.add(worker);
      failedStarts = 0;
      if (!announced && serving.size >= workers) {
        announced = true;
        onListening?.({ port: address.port });
      }
    });
  };

  const stop = (reason: string) => {
    if (stopping) return;
    stopping = true;
    for (const timer of restarts) clearTimeout(timer);
    log(`${reason}: stopping ${live.size} worker${live.size === 1 ? "" : "s"}`);
    if (live.size === 0) process.exit(0);
    for (const worker of live) worker.process.kill("SIGTERM");
    setTimeout(() => {
      log("Workers did not close in time; exiting");
      process.exit(1);
    }, shutdownTimeoutMs).unref();
  };

  cluster.on("exit", (worker, code, signal) => {
    live.delete(worker);
    const wasServing = serving.delete(worker);
    if (stopping) {
      if (live.size === 0) {
        log("All workers closed");
        process.exit(0);
      }
      return;
    }
    const how = signal ?? `code ${code}`;
    let delay = restartDelayMs;
    if (wasServing) {
      log(`Worker ${worker.process.pid} exited (${how}); starting another`);
    } else {
      delay = Math.min(restartDelayMs * 2 ** failedStarts, maxRestartDelayMs);
      failedStarts++;
      log(
        `Worker ${worker.process.pid} exited (${how}) before it was serving; starting another in ${delay} ms`,
      );
    }
    const timer = setTimeout(() => {
      restarts.delete(timer);
      fork();
    }, delay);
    restarts.add(timer);
  });

  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  for (let index = 0; index < workers; index++) fork();
}
