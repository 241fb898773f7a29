import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import * as schema from "./schema";
import { ConnectionLossListeners } from "./connection-loss.server";
import { config } from "~/lib/config.server";
import { currentWrites, type RequestWrites } from "~/lib/request-writes.server";

export type Schema = typeof schema;
export type AppDatabase = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Db {
  kind: "pglite" | "postgres";
  /**
   * The table owner's connection: migrations, seeding and tests only. Request code goes
   * through `withStore` or `withPlatform`, which drop to the row-level-secured app role.
   */
  owner: AppDatabase;
  /** Runs `fn` in a transaction as the app role with `app.store_id` set: RLS scopes every row. */
  withStore<T>(storeId: string, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * One prepared statement in the store's scope, its rows as arrays, in ONE round trip on
   * PostgreSQL: the scope and the statement go out together on a connection of this process kept
   * for them, pipelined with other such reads (the signed-in page cache's viewer read, decision
   * 031 and its amendment). A read-only statement that also names its store in its own conditions:
   * row-level security scopes it, and if the scope ever failed it still finds nothing elsewhere.
   * The scope is sent only when the connection is not already in that store's: a read that finds
   * nothing without it is read again with it (the connection may have been replaced meanwhile).
   */
  queryInStore(storeId: string, text: string, params: unknown[]): Promise<unknown[][]>;
  /** Runs `fn` as the app role with no store: tenant tables show nothing, platform tables work. */
  withPlatform<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * `onListen` runs each time the LISTEN is in place: once at first, then after every reconnect of
   * the listening connection (notifications sent while it was gone are lost).
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onListen?: () => void,
  ): Promise<() => Promise<void>>;
  /**
   * Calls `listener` whenever request work failed because its connection was gone (issue 42 D4,
   * decision 020): the health counts it and the edge answers that request unavailable.
   */
  onConnectionLost(listener: (error: unknown) => void): () => void;
  /** PGlite only: the whole database as a file, to start copies from (tests' template). */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

export const APP_ROLE = "storefront_app";
const MIGRATIONS_FOLDER = path.resolve(process.cwd(), "drizzle");
const MIGRATION_LOCK = 72_001;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Rows of a raw `execute()`: postgres.js returns an array, PGlite an object with `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

export class InvalidStoreIdError extends Error {
  constructor(value: string) {
    super(`Not a store id: ${JSON.stringify(value).slice(0, 60)}`);
  }
}

/** The scope every store transaction starts with (see `scoped`), for drivers used directly. */
const ENTER_SCOPE_SQL = "select set_config('role', $1, true), set_config('app.store_id', $2, true)";

/** The same for the rest of the session: on `queryInStore`'s own connection, which nothing else uses. */
const SESSION_SCOPE_SQL = "select set_config('role', $1, false), set_config('app.store_id', $2, false)";

/** What a transaction may write through: reading builders leave a request's record alone. */
const WRITING = new Set<PropertyKey>(["insert", "update", "delete", "execute", "transaction"]);

/**
 * `tx` for a write request's work (issue 42, decision 020): its first use of a writing builder
 * (or a raw statement, which may write) tells the request's record that a write began, so the
 * edge awaits the action's answer once its COMMIT may have been sent.
 */
function watched(tx: Tx, wrote: () => void): Tx {
  return new Proxy(tx, {
    get(target, property, receiver) {
      if (WRITING.has(property)) wrote();
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

async function tracked<T>(
  writes: RequestWrites | undefined,
  transaction: (watch: (tx: Tx) => Tx, done: () => void) => Promise<T>,
): Promise<T> {
  if (!writes)
    return transaction(
      (tx) => tx,
      () => {},
    );
  let wrote = false;
  /** Set when `fn` has returned: an error from then on is the COMMIT's, its outcome unknown. */
  let committing = false;
  try {
    const result = await transaction(
      (tx) =>
        watched(tx, () => {
          if (wrote) return;
          wrote = true;
          writes.began();
        }),
      () => {
        committing = true;
        if (wrote) writes.committing();
      },
    );
    if (wrote) writes.ended("committed", { sent: true });
    return result;
  } catch (error) {
    if (wrote) writes.ended(committing ? "unknown" : "rolled-back", { sent: committing });
    throw error;
  }
}

function scoped(owner: AppDatabase, losses: ConnectionLossListeners) {
  const once = <T>(storeId: string, fn: (tx: Tx) => Promise<T>, started: { fn: boolean }) =>
    tracked(currentWrites(), (watch, done) =>
      owner.transaction(async (tx) => {
        // One round trip: set_config with is_local = true is SET LOCAL. Every transaction of every
        // request starts with it, so it is a prepared statement (PostgreSQL parses and plans it
        // once per connection; drizzle's execute() would send it unprepared each time).
        await tx
          .select({
            role: sql`set_config('role', ${APP_ROLE}, true)`,
            store: sql`set_config('app.store_id', ${storeId}, true)`,
          })
          .from(sql`(select) as scope`)
          .prepare("enter_scope")
          .execute();
        started.fn = true;
        const result = await fn(watch(tx));
        done();
        return result;
      }),
    );
  const run = async <T>(storeId: string, fn: (tx: Tx) => Promise<T>) => {
    const started = { fn: false };
    try {
      return await once(storeId, fn, started);
    } catch (error) {
      if (!losses.note(error) || started.fn) throw error;
      // The pool's connection was dead before the work began: its BEGIN or scope met a backend
      // already terminated (issue 42 D4). Nothing of `fn` ran, so it runs once more, on another
      // connection; a second loss is the outage's to answer (503).
      return once(storeId, fn, { fn: false }).catch((again: unknown) => {
        losses.note(again);
        throw again;
      });
    }
  };
  return {
    async withStore<T>(storeId: string, fn: (tx: Tx) => Promise<T>) {
      if (!UUID.test(storeId)) throw new InvalidStoreIdError(storeId);
      return run(storeId, fn);
    },
    withPlatform<T>(fn: (tx: Tx) => Promise<T>) {
      return run("", fn);
    },
    onConnectionLost: (listener: (error: unknown) => void) => losses.add(listener),
  };
}

export interface CreateDbOptions {
  /** postgres:// URL of the table owner; without it an embedded PGlite is used. */
  url?: string;
  /**
   * postgres:// URL that logs in as the app role. Request queries then run on a session that
   * never was the owner, so not even RESET ROLE can lift row-level security. Without it they
   * run on the owner's pool under SET LOCAL ROLE.
   */
  appUrl?: string;
  /** PGlite data directory, or "memory://" for a throwaway database. */
  dataDir?: string;
  /** PGlite: start from this dump of a database (`Db.dump`) instead of an empty one. */
  pgliteDump?: Blob;
  /** Connections in the postgres.js pool. */
  max?: number;
  /** How long opening a connection may take before the query fails (decision 020). */
  connectTimeoutMs?: number;
  migrate?: boolean;
}

export async function createDb(options: CreateDbOptions = {}): Promise<Db> {
  const db = options.url
    ? await createPostgres(options.url, options.appUrl, options.max, options.connectTimeoutMs)
    : await createPglite(options.dataDir, options.pgliteDump);
  if (options.migrate !== false) {
    try {
      await db.migrate();
    } catch (error) {
      // A start that failed (database unreachable) leaves no pool behind for the next attempt.
      await db.close().catch(() => {});
      throw error;
    }
  }
  return db;
}

async function createPglite(dataDir = "memory://", dump?: Blob): Promise<Db & { migrate(): Promise<void> }> {
  if (!dataDir.includes("://")) mkdirSync(dataDir, { recursive: true });
  // Contrib extensions are files PGlite must load before a migration's CREATE EXTENSION can find
  // them: the catalogue search index needs both (drizzle/0002_catalog_indexes.sql).
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm, btree_gin }, loadDataDir: dump });
  const owner = drizzlePglite(client, { schema }) as unknown as AppDatabase;
  return {
    kind: "pglite",
    owner,
    ...scoped(owner, new ConnectionLossListeners()),
    // One statement at a time anyway: the scope, then the statement, in a transaction.
    async queryInStore(storeId, text, params) {
      if (!UUID.test(storeId)) throw new InvalidStoreIdError(storeId);
      return client.transaction(async (tx) => {
        await tx.query(ENTER_SCOPE_SQL, [APP_ROLE, storeId]);
        return (await tx.query<unknown[]>(text, params, { rowMode: "array" })).rows;
      });
    },
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    },
    async listen(channel, onMessage, onListen) {
      const unsubscribe = await client.listen(channel, onMessage);
      onListen?.();
      return async () => unsubscribe();
    },
    async dump() {
      return client.dumpDataDir("none");
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

/**
 * The pause before a pool connection that failed tries again, in seconds. postgres.js' default
 * (3^n / 100 s, up to 20 s, n counted across the whole pool and reset only by a connection that
 * succeeds) reaches 7–20 s after a few seconds of outage, so pages stayed down that long after the
 * database was back (decision 020). While the database is down the outage guard answers requests
 * without the pool, so only the few queries already waiting retry: a short cap costs nothing.
 */
/** How long a read whose connection was lost waits for the driver to see that connection close. */
const LOST_CONNECTION_CLOSE_WAIT_MS = 1_000;

export function reconnectDelaySeconds(retries: number): number {
  return (0.5 + Math.random() / 2) * Math.min(0.05 * 2 ** retries, 0.5);
}

async function createPostgres(
  url: string,
  appUrl: string | undefined,
  max = 10,
  // A request waits no longer for a connection while the database is unreachable (decision 020).
  connectTimeoutMs = 2_000,
): Promise<Db & { migrate(): Promise<void> }> {
  const options = {
    max,
    connect_timeout: connectTimeoutMs / 1000,
    backoff: reconnectDelaySeconds,
    onnotice: () => {},
    connection: { application_name: "storefront" },
  };
  const client = postgres(url, options);
  const appClient = appUrl ? postgres(appUrl, options) : undefined;
  const owner = drizzlePostgres(client, { schema }) as unknown as AppDatabase;
  const app = appClient ? (drizzlePostgres(appClient, { schema }) as unknown as AppDatabase) : owner;
  /** `queryInStore`'s own connection, opened on first use (decision 031's amendment). */
  let inStore: postgres.Sql | undefined;
  /**
   * The store whose scope was last sent on that connection (in send order, which is the order
   * PostgreSQL runs them in), or null when unknown: none yet, a scope failed, the connection closed.
   */
  let inStoreScope: string | null = null;
  /** How many times that connection has closed, and who waits for its next close. */
  let inStoreCloses = 0;
  const inStoreCloseWaiters = new Set<() => void>();
  /** Resolves at the connection's next close, or after `ms` if none comes. */
  const nextInStoreClose = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        inStoreCloseWaiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      inStoreCloseWaiters.add(done);
    });
  const losses = new ConnectionLossListeners();
  const readInStore = async (storeId: string, text: string, params: unknown[]): Promise<unknown[][]> => {
    // A connection of its own (decision 031's amendment), on which every read of this process is
    // pipelined: the scope for the rest of the session, then the statement, handed to it together
    // (`execute()` one after the other, nothing in between), so they reach PostgreSQL in order and
    // never interleave with another read's. Nothing else runs on it, so the session-wide scope
    // cannot leak into other work; a statement that ever ran outside its own scope (its scope
    // failed, the connection was replaced between the two) finds nothing of another store, because
    // the statements sent here name their store as well (readPageViewer).
    // A replaced connection starts with no scope: the next read sends it again.
    const sql = (inStore ??= postgres(appUrl ?? url, {
      ...options,
      max: 1,
      onclose: () => {
        inStoreScope = null;
        inStoreCloses++;
        for (const wake of [...inStoreCloseWaiters]) wake();
      },
    }));
    const read = () =>
      sql
        .unsafe(text, params as never[], { prepare: true })
        .values()
        .execute();
    // Most reads of a process are for the store the last one scoped (one message instead of
    // two, decision 031's amendment). Should the connection have been replaced after this was
    // decided, the statement runs unscoped and, naming its store, finds nothing of another:
    // nothing found is read once more with the scope.
    if (inStoreScope === storeId) {
      const rows = await read();
      if (rows.length > 0) return rows as unknown as unknown[][];
    }
    inStoreScope = storeId;
    try {
      const [, rows] = await Promise.all([
        sql.unsafe(SESSION_SCOPE_SQL, [APP_ROLE, storeId], { prepare: true }).execute(),
        read(),
      ]);
      return rows as unknown as unknown[][];
    } catch (error) {
      // Whether the scope took is unknown: the next read sends one.
      inStoreScope = null;
      throw error;
    }
  };
  return {
    kind: "postgres",
    owner,
    ...scoped(app, losses),
    async queryInStore(storeId, text, params) {
      if (!UUID.test(storeId)) throw new InvalidStoreIdError(storeId);
      const closesBefore = inStoreCloses;
      try {
        return await readInStore(storeId, text, params);
      } catch (error) {
        if (!losses.note(error)) throw error;
        // One read-only statement: read once more, on the connection the driver opens in place
        // of the lost one (issue 42 D4). A socket's error comes before its close, and until the
        // close the driver still hands statements to that connection (each then fails with
        // CONNECTION_CLOSED): the read waits for the close first, bounded, unless it came already.
        if (inStoreCloses === closesBefore) await nextInStoreClose(LOST_CONNECTION_CLOSE_WAIT_MS);
        return readInStore(storeId, text, params).catch((again: unknown) => {
          losses.note(again);
          throw again;
        });
      }
    },
    async migrate() {
      // Several instances may start at once: one migrates, the others wait for it. A
      // single-connection client keeps the advisory lock and the migration on one session.
      const single = postgres(url, { max: 1, connect_timeout: connectTimeoutMs / 1000, onnotice: () => {} });
      try {
        await single`select pg_advisory_lock(${MIGRATION_LOCK})`;
        await migratePostgres(drizzlePostgres(single, { schema }), {
          migrationsFolder: MIGRATIONS_FOLDER,
        });
      } finally {
        await single.end({ timeout: 5 });
      }
    },
    async listen(channel, onMessage, onListen) {
      const { unlisten } = await client.listen(channel, (payload) => onMessage(payload), onListen);
      return unlisten;
    },
    async close() {
      await Promise.all([
        client.end({ timeout: 5 }),
        appClient?.end({ timeout: 5 }),
        inStore?.end({ timeout: 5 }),
      ]);
    },
  };
}

/** The process-wide database, shared by server.ts and the Remix build through globalThis. */
const GLOBAL_KEY = Symbol.for("storefront.db");
type GlobalWithDb = typeof globalThis & { [GLOBAL_KEY]?: Promise<Db> };

export function getDb(): Promise<Db> {
  const g = globalThis as GlobalWithDb;
  g[GLOBAL_KEY] ??= createDb(config().database);
  return g[GLOBAL_KEY];
}

/** Tests and scripts install their own database as the process-wide one. */
export function setDb(db: Db | undefined): void {
  const g = globalThis as GlobalWithDb;
  if (db) g[GLOBAL_KEY] = Promise.resolve(db);
  else delete g[GLOBAL_KEY];
}
