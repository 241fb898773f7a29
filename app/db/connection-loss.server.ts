/**
 * Errors that say a database connection is gone, not that a statement was wrong (decision 020,
 * issue 42 D4): the backend was terminated (`pg_terminate_backend`, a failover, a pooler
 * restart), the server is shutting down or not yet accepting, or the socket was reset, refused
 * or timed out. Our own pool being ended (CONNECTION_ENDED, at shutdown) is not one.
 */
const DRIVER_CODES = new Set([
  "CONNECTION_CLOSED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "ECONNRESET",
  "ECONNREFUSED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);

/** SQLSTATE class 08 (connection exception), 57P01–57P03 (admin, crash shutdown, cannot connect now). */
const SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123])$/;

/** Through drizzle's wrapping (`DrizzleQueryError.cause`). */
export function isConnectionLoss(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && (DRIVER_CODES.has(code) || SQLSTATE.test(code))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Who hears of lost connections (server.ts: the health, which counts them). */
export class ConnectionLossListeners {
  private readonly listeners = new Set<(error: unknown) => void>();

  add(listener: (error: unknown) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** True when `error` is a lost connection (and the listeners heard of it). */
  note(error: unknown): boolean {
    if (!isConnectionLoss(error)) return false;
    for (const listener of this.listeners) listener(error);
    return true;
  }
}
