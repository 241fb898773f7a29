/**
 * The database as the metrics see it (decision 021). postgres.js exposes no pool figures, so they
 * are counted where every request's database work passes: `withStore`, `queryInStore` and `withPlatform`, one
 * transaction (one connection) each. In use is min(active, pool size), waiting is the rest;
 * the pool is 10 connections per process on PostgreSQL and one on PGlite, which runs one
 * transaction at a time. Errors are counted when they come from the database or its connection,
 * not from a domain rule that rolled a transaction back.
 */
import { Counter, Gauge } from "prom-client";
import type { Db } from "../../app/db/client.server";
import type { ProcessMetrics } from "./registry";

/** postgres.js's and PGlite's errors carry an SQLSTATE; a lost connection a Node or driver code. */
export function databaseErrorKind(error: unknown): "connection" | "query" | null {
  if (typeof error !== "object" || error === null) return null;
  const code = (error as { code?: unknown }).code;
  if (typeof code !== "string") return null;
  if (/^08/.test(code) || /^(CONNECT|CONNECTION_|E[A-Z]{3,})/.test(code) || code === "57P01") {
    return "connection";
  }
  return /^[0-9A-Z]{5}$/.test(code) ? "query" : null;
}

/** app/db/client.server.ts's `max` on PostgreSQL; PGlite runs one transaction at a time. */
export function poolSizeOf(db: Pick<Db, "kind">): number {
  return db.kind === "pglite" ? 1 : 10;
}

export function instrumentDb(db: Db, { registry, db: metrics }: ProcessMetrics, poolSize: number): void {
  metrics.poolSize.set(poolSize);
  let active = 0;
  new Gauge({
    name: "db_pool_in_use",
    help: "Connections in use (transactions running)",
    registers: [registry],
    collect() {
      this.set(Math.min(active, poolSize));
    },
  });
  new Gauge({
    name: "db_pool_waiting",
    help: "Transactions waiting for a connection",
    registers: [registry],
    collect() {
      this.set(Math.max(0, active - poolSize));
    },
  });
  const wrap =
    <A extends unknown[], T>(run: (...args: A) => Promise<T>) =>
    async (...args: A): Promise<T> => {
      active++;
      try {
        return await run(...args);
      } catch (error) {
        const kind = databaseErrorKind(error);
        if (kind) metrics.errors.inc({ kind });
        throw error;
      } finally {
        active--;
      }
    };
  // In place: the services reach the same object through getDb().
  db.withStore = wrap(db.withStore.bind(db)) as Db["withStore"];
  db.withPlatform = wrap(db.withPlatform.bind(db)) as Db["withPlatform"];
  db.queryInStore = wrap(db.queryInStore.bind(db)) as Db["queryInStore"];
}

/**
 * The health's count of connections lost under requests' work (decision 020, issue 42 D4): a
 * failover or a pooler restart shows here even when the retry and the 503s hid it from visitors.
 */
export function healthMetrics(
  health: { readonly lostConnections: number },
  { registry }: Pick<ProcessMetrics, "registry">,
): void {
  let counted = 0;
  new Counter({
    name: "db_connections_lost_total",
    help: "Requests' database connections found lost (terminated, reset, refused) in this process",
    registers: [registry],
    collect() {
      const lost = health.lostConnections;
      if (lost > counted) this.inc(lost - counted);
      counted = lost;
    },
  });
}
