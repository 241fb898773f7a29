/**
 * The health monitor's probe (decision 020): on PostgreSQL a single connection of its own, so
 * it answers for the database and not for how busy the request pool is; on the embedded
 * database a query through it (it cannot go away without the process).
 */
import net from "node:net";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import type { Db } from "../../app/db/client.server";

export interface Probe {
  ping(): Promise<void>;
  reset(): Promise<void>;
  close(): Promise<void>;
}

/**
 * `onClosed`: the probe's connection closed (the database restarted, the network reset it):
 * the caller probes at once instead of waiting for the next round.
 */
export function databaseProbe(
  db: Db,
  url: string | undefined,
  connectTimeoutMs: number,
  onClosed: () => void = () => {},
): Probe {
  if (db.kind !== "postgres" || !url) {
    return {
      ping: async () => void (await db.withPlatform((tx) => tx.execute(sql`select 1`))),
      reset: async () => {},
      close: async () => {},
    };
  }
  const open = () =>
    postgres(url, {
      max: 1,
      // The health's deadline, counted on the database's time, bounds a probe (decision 020);
      // the driver's own timer is timed on the event loop and would fire on a busy CPU with the
      // connection made (issue 42 D9): a backstop only.
      connect_timeout: Math.max(10_000, connectTimeoutMs) / 1000,
      // A fresh connection after an outage rather than one the network may have dropped silently.
      idle_timeout: 5,
      onnotice: () => {},
      onclose: () => onClosed(),
      connection: { application_name: "storefront-health" },
    });
  let client = open();
  const { hostname, port } = new URL(url);
  return {
    // The driver retries a refused connection until its timeout; a bare TCP connect is refused
    // at once, so a database that is gone is known in milliseconds, not at the timeout.
    ping: async () => void (await Promise.all([reachable(hostname, Number(port || 5432)), client`select 1`])),
    async reset() {
      const old = client;
      client = open();
      await old.end({ timeout: 0 });
    },
    close: () => client.end({ timeout: 1 }),
  };
}

/** Resolves when a TCP connection to host:port opens (then closes it); rejects when refused. */
function reachable(host: string, port: number): Promise<void> {
  // A socket directory (host=/run/postgresql) has no port to knock on: the query alone decides.
  if (!host || host.startsWith("%2F") || host.startsWith("/")) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: host.replace(/^\[|\]$/g, ""), port });
    socket.once("connect", () => {
      socket.destroy();
      resolve();
    });
    socket.once("error", reject);
  });
}
