/**
 * A platform-wide sweep run by every process: shortly after start, then every `intervalMs`. Each
 * sweep is safe to run from several processes at once (its rows are claimed or idempotent); the
 * timers never keep the process alive. Returns a stop. (DESIGN §11 moves these to one job queue.)
 */
import { errorFields, logger } from "./log.server";
export function startSweeps(name: string, sweep: () => Promise<unknown>, intervalMs: number): () => void {
  const run = () =>
    void sweep().catch((error: unknown) =>
      logger.error({ sweep: name, ...errorFields(error) }, "sweep failed"),
    );
  const first = setTimeout(run, 5_000);
  const timer = setInterval(run, intervalMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
