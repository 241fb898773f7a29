/**
 * Where a process finds the instance's page cache (decision 017). With one process the cache is
 * in it (`localBackend`). With several (server/cluster.ts) the primary holds the one PageStore
 * of the instance and every worker asks it over the cluster's IPC channel (`workerBackend`,
 * `servePageCache`): a page rendered by one worker answers the visitors of all of them, and
 * one memory bound holds for the instance. The channel uses the "advanced" serialization, so
 * the body crosses as bytes, not as JSON.
 *
 * Each worker keeps a hot copy of what it was handed (hot.ts). A worker's drop reaches its own
 * copy and the primary; the primary passes it on to the other workers it handed a page of that
 * store to since the store was last dropped (`HandOuts`). Without that, a page rendered by a
 * worker that had not heard of a change yet, and copied by another worker before the first one
 * heard, would outlive the change in the second worker's copy (issue 41, start.ts).
 */
import cluster, { type Worker } from "node:cluster";
import type { Lookup, PageCacheStats, PageEntry, PageStore } from "./store";

export interface PageCacheBackend {
  get(storeId: string, key: string): Promise<Lookup>;
  /**
   * The live entry this process holds for `key`, without waiting, or null (then ask `get`). Only
   * where the entries are in this process: the one process's store, a worker's hot copy.
   */
  peek?(storeId: string, key: string): PageEntry | null;
  /** An entry whatever its age (decision 020: served while the database is down). */
  stale(storeId: string, key: string): Promise<PageEntry | null>;
  /** `host`: the request's host, resolved to `storeId` by the process that rendered the page. */
  set(storeId: string, key: string, generation: number, entry: PageEntry, host: string): void;
  /** The store a host's kept pages belong to (PageStore.storeOf). */
  storeOf(host: string): Promise<string | null>;
  drop(storeId: string): void;
  dropMany(storeIds: string[]): void;
  stats(): Promise<PageCacheStats>;
  /**
   * A worker's channel only: `listener` is told of the stores another worker dropped whose pages
   * this worker was handed since (null: every store), for its hot copy.
   */
  onDroppedElsewhere?(listener: (storeIds: string[] | null) => void): void;
}

export function localBackend(store: PageStore): PageCacheBackend {
  return {
    get: async (storeId, key) => store.get(storeId, key),
    peek: (storeId, key) => store.peek(storeId, key),
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

/** From the primary: another worker dropped these stores (null: forget every store). */
type DroppedElsewhere = { pageCache: "droppedElsewhere"; storeIds: string[] | null };

/** Stores tracked at most; past that every worker forgets its whole hot copy and tracking starts over. */
const MAX_HANDED_OUT_STORES = 100_000;

/**
 * In the primary: which workers were handed a page of each store since that store was last
 * dropped. A worker's hot copy can hold a store's pages only if it was handed one (or rendered it
 * itself, which its own drop covers), so a drop needs passing on to those workers alone.
 */
export class HandOuts<W> {
  private readonly byStore = new Map<string, Set<W>>();

  constructor(private readonly maxStores = MAX_HANDED_OUT_STORES) {}

  /**
   * `worker` was handed a page of `storeId`. False when the record is full: the caller must have
   * every worker forget every store, and tracking starts over empty.
   */
  handed(storeId: string, worker: W): boolean {
    let workers = this.byStore.get(storeId);
    if (!workers) {
      if (this.byStore.size >= this.maxStores) {
        this.byStore.clear();
        return false;
      }
      workers = new Set();
      this.byStore.set(storeId, workers);
    }
    workers.add(worker);
    return true;
  }

  /** `from` dropped these stores: the other workers to tell, each with its stores. */
  dropped(storeIds: Iterable<string>, from: W): Map<W, string[]> {
    const tell = new Map<W, string[]>();
    for (const storeId of storeIds) {
      const workers = this.byStore.get(storeId);
      if (!workers) continue;
      this.byStore.delete(storeId);
      for (const worker of workers) {
        if (worker === from) continue;
        let stores = tell.get(worker);
        if (!stores) {
          stores = [];
          tell.set(worker, stores);
        }
        stores.push(storeId);
      }
    }
    return tell;
  }

  /** A worker that is gone needs no telling. */
  forget(worker: W): void {
    for (const workers of this.byStore.values()) workers.delete(worker);
  }
}

function isRequest(message: unknown): message is Request {
  return typeof message === "object" && message !== null && "pageCache" in message;
}

/** In the primary: answers the workers' requests from `store`. */
export function servePageCache(store: PageStore): void {
  const handOuts = new HandOuts<Worker>();
  const tell = (worker: Worker, storeIds: string[] | null) => {
    if (worker.isConnected())
      worker.send({ pageCache: "droppedElsewhere", storeIds } satisfies DroppedElsewhere);
  };
  // Sent on the channel that carries the replies, so a worker gets the drop after every page it
  // was handed before it: its hot copy refuses to keep those once it has heard the drop (hot.ts).
  const passOn = (storeIds: string[], from: Worker) => {
    for (const [worker, stores] of handOuts.dropped(storeIds, from)) tell(worker, stores);
  };
  cluster.on("exit", (worker: Worker) => handOuts.forget(worker));
  cluster.on("message", (worker: Worker, message: unknown) => {
    if (!isRequest(message)) return;
    const reply = (id: number, value: Reply["value"]) => {
      if (worker.isConnected()) worker.send({ pageCache: "reply", id, value } satisfies Reply);
    };
    switch (message.pageCache) {
      case "get": {
        const found = store.get(message.storeId, message.key);
        if (found.entry && !handOuts.handed(message.storeId, worker)) {
          for (const other of Object.values(cluster.workers ?? {})) if (other) tell(other, null);
        }
        reply(message.id, found);
        break;
      }
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
        passOn([message.storeId], worker);
        break;
      case "dropMany":
        store.dropMany(message.storeIds);
        passOn(message.storeIds, worker);
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
  const droppedElsewhere: ((storeIds: string[] | null) => void)[] = [];
  process.on("message", (message: unknown) => {
    if (typeof message !== "object" || message === null) return;
    if ((message as Partial<DroppedElsewhere>).pageCache === "droppedElsewhere") {
      const { storeIds } = message as DroppedElsewhere;
      for (const listener of droppedElsewhere) listener(storeIds);
      return;
    }
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
    onDroppedElsewhere: (listener) => void droppedElsewhere.push(listener),
  };
}
