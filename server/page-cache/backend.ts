/**
 * Where a process finds the instance's page cache (decision 017). With one process the cache is
 * in it (`localBackend`). With several (server/cluster.ts) the primary holds the one PageStore
 * of the instance and every worker asks it over the cluster's IPC channel (`workerBackend`,
 * `servePageCache`): a page rendered by one worker answers the visitors of all of them, and
 * one memory bound holds for the instance. The channel uses the "advanced" serialization, so
 * the body crosses as bytes, not as JSON.
 */
import cluster, { type Worker } from "node:cluster";
import type { Lookup, PageCacheStats, PageEntry, PageStore } from "./store";

export interface PageCacheBackend {
  get(storeId: string, key: string): Promise<Lookup>;
  /** An entry whatever its age (decision 020: served while the database is down). */
  stale(storeId: string, key: string): Promise<PageEntry | null>;
  /** `host`: the request's host, resolved to `storeId` by the process that rendered the page. */
  set(storeId: string, key: string, generation: number, entry: PageEntry, host: string): void;
  /** The store a host's kept pages belong to (PageStore.storeOf). */
  storeOf(host: string): Promise<string | null>;
  drop(storeId: string): void;
  dropMany(storeIds: string[]): void;
  stats(): Promise<PageCacheStats>;
}

export function localBackend(store: PageStore): PageCacheBackend {
  return {
    get: async (storeId, key) => store.get(storeId, key),
    stale: async (storeId, key) => store.stale(storeId, key),
    set: (storeId, key, generation, entry, host) => void store.set(storeId, key, generation, entry, host),
    storeOf: async (host) => store.storeOf(host),
    drop: (storeId) => store.drop(storeId),
    dropMany: (storeIds) => store.dropMany(storeIds),
    stats: async () => store.stats(),
  };
}

type Request =
  | { pageCache: "get"; id: number; storeId: string; key: string }
  | { pageCache: "stale"; id: number; storeId: string; key: string }
  | { pageCache: "set"; storeId: string; key: string; generation: number; entry: PageEntry; host: string }
  | { pageCache: "storeOf"; id: number; host: string }
  | { pageCache: "drop"; storeId: string }
  | { pageCache: "dropMany"; storeIds: string[] }
  | { pageCache: "stats"; id: number };

type Reply = {
  pageCache: "reply";
  id: number;
  value: Lookup | PageCacheStats | PageEntry | string | null;
};

function isRequest(message: unknown): message is Request {
  return typeof message === "object" && message !== null && "pageCache" in message;
}

/** In the primary: answers the workers' requests from `store`. */
export function servePageCache(store: PageStore): void {
  cluster.on("message", (worker: Worker, message: unknown) => {
    if (!isRequest(message)) return;
    const reply = (id: number, value: Reply["value"]) => {
      if (worker.isConnected()) worker.send({ pageCache: "reply", id, value } satisfies Reply);
    };
    switch (message.pageCache) {
      case "get":
        reply(message.id, store.get(message.storeId, message.key));
        break;
      case "stale":
        reply(message.id, store.stale(message.storeId, message.key));
        break;
      case "set":
        store.set(message.storeId, message.key, message.generation, message.entry, message.host);
        break;
      case "storeOf":
        reply(message.id, store.storeOf(message.host));
        break;
      case "drop":
        store.drop(message.storeId);
        break;
      case "dropMany":
        store.dropMany(message.storeIds);
        break;
      case "stats":
        reply(message.id, store.stats());
        break;
    }
  });
}

/**
 * A lookup the primary does not answer in time (it is busy or gone) is a miss that will not be
 * stored: generation -1 never matches.
 */
const REPLY_TIMEOUT_MS = 1_000;

/** In a worker: the primary's cache. */
export function workerBackend(): PageCacheBackend {
  const send = process.send?.bind(process);
  if (!send) throw new Error("workerBackend needs an IPC channel (a cluster worker)");
  let nextId = 1;
  const pending = new Map<number, (value: Reply["value"] | null) => void>();
  process.on("message", (message: unknown) => {
    if (typeof message !== "object" || message === null) return;
    const reply = message as Partial<Reply>;
    if (reply.pageCache !== "reply" || typeof reply.id !== "number") return;
    pending.get(reply.id)?.(reply.value ?? null);
  });
  const ask = (
    request:
      | { pageCache: "get" | "stale"; storeId: string; key: string }
      | { pageCache: "storeOf"; host: string }
      | { pageCache: "stats" },
  ) =>
    new Promise<Reply["value"] | null>((resolve) => {
      const id = nextId++;
      const timer = setTimeout(() => finish(null), REPLY_TIMEOUT_MS);
      const finish = (value: Reply["value"] | null) => {
        clearTimeout(timer);
        pending.delete(id);
        resolve(value);
      };
      pending.set(id, finish);
      send({ ...request, id } as Request);
    });
  return {
    async get(storeId, key) {
      const value = (await ask({ pageCache: "get", storeId, key })) as Lookup | null;
      return value ?? { entry: null, generation: -1 };
    },
    async stale(storeId, key) {
      return ((await ask({ pageCache: "stale", storeId, key })) as PageEntry | null) ?? null;
    },
    set: (storeId, key, generation, entry, host) =>
      void send({ pageCache: "set", storeId, key, generation, entry, host }),
    async storeOf(host) {
      const value = await ask({ pageCache: "storeOf", host });
      return typeof value === "string" ? value : null;
    },
    drop: (storeId) => void send({ pageCache: "drop", storeId }),
    dropMany: (storeIds) => void send({ pageCache: "dropMany", storeIds }),
    async stats() {
      const value = (await ask({ pageCache: "stats" })) as PageCacheStats | null;
      if (!value) throw new Error("the page cache did not answer");
      return value;
    },
  };
}
