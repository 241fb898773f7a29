/**
 * The health monitor's probe (decision 020): on PostgreSQL a single connection of its own, so
 * it answers for the database and not for how busy the request pool is; on the embedded
 * database a query through it (it cannot go away without the process).
 */
import { sql } from "drizzle-orm";
import postgres from "postgres";
import type { Db } from "../../app/db/client.server";

export interface Probe {
  ping(): Promise<void>;
  reset(): Promise<void>;
  close(): Promise<void>;
}

export function databaseProbe(db: Db, url: string | undefined, connectTimeoutMs: number): Probe {
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
      connect_timeout: connectTimeoutMs / 1000,
      // A fresh connection after an outage rather than one the network may have dropped silently.
      idle_timeout: 5,
      onnotice: () => {},
      connection: { application_name: "storefront-health" },
    });
  let client = open();
  return {
    ping: async () => void (await client`select 1`),
    async reset() {
      const old = client;
      client = open();
      await old.end({ timeout: 0 });
    },
    close: () => client.end({ timeout: 1 }),
  };
}
