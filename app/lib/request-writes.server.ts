/**
 * What a write request has committed so far (decision 020, issue 42 deliverable 3), told by the
 * one transaction helper (`withStore`/`withPlatform`) to the request edge without any service
 * seeing the request: the edge runs Remix inside `runWithWrites`, and every transaction of that
 * request that wrote reports its COMMIT here. The edge then never answers a write whose COMMIT was
 * sent with its outage or deadline page while the action may still answer: it awaits the action's
 * own answer (bounded), and if that never comes, says it could not confirm the outcome instead of
 * "Nothing was saved".
 *
 * The store lives on globalThis: server.ts and the Remix build each carry a copy of this module.
 */
import { AsyncLocalStorage } from "node:async_hooks";

export class RequestWrites {
  /** Transactions that wrote and have not ended (their COMMIT may be on its way). */
  private open = 0;
  /** Of those, the ones whose COMMIT was sent (their work done). */
  private sending = 0;
  /** COMMITs answered. */
  private committed = 0;
  /** COMMITs sent whose answer was lost and that nobody has settled (`settleCommit`). */
  private unknown = 0;
  /** The domain says sending the same form again cannot do it twice (a checkout's token). */
  resendSafe = false;

  /** True once a write of this request may have reached the database: its answer is awaited. */
  get mayHaveCommitted(): boolean {
    return this.open > 0 || this.committed > 0 || this.unknown > 0;
  }

  /** True when a COMMIT was answered, is on its way, or was sent without an answer nobody settled. */
  get outcomeUnknown(): boolean {
    return this.committed > 0 || this.sending > 0 || this.unknown > 0;
  }

  /** A transaction's first write. */
  began(): void {
    this.open++;
  }

  /** A transaction that wrote has done its work: its COMMIT goes out now. */
  committing(): void {
    this.sending++;
  }

  /** A transaction that wrote has ended: committed, rolled back, or its COMMIT's answer lost. */
  ended(outcome: "committed" | "rolled-back" | "unknown", { sent }: { sent: boolean }): void {
    this.open = Math.max(0, this.open - 1);
    if (sent) this.sending = Math.max(0, this.sending - 1);
    if (outcome === "committed") this.committed++;
    if (outcome === "unknown") this.unknown++;
  }

  /** A lost COMMIT's outcome found out by the domain (a checkout looks its order up by token). */
  settle(found: boolean): void {
    if (this.unknown === 0) return;
    this.unknown--;
    if (found) this.committed++;
  }
}

const KEY = Symbol.for("storefront.requestWrites");
type GlobalWithWrites = typeof globalThis & {
  [KEY]?: AsyncLocalStorage<{ writes: RequestWrites; marking: boolean }>;
};

function storage() {
  const g = globalThis as GlobalWithWrites;
  return (g[KEY] ??= new AsyncLocalStorage());
}

/** Runs `work` (Remix's handling of one write request) with `writes` as its record. */
export function runWithWrites<T>(writes: RequestWrites, work: () => T): T {
  return storage().run({ writes, marking: true }, work);
}

/**
 * The record of the request this code runs for, when it is a write request run by the edge and
 * not inside `unmarked`; else undefined (reads, jobs, sweeps, tests calling services).
 */
export function currentWrites(): RequestWrites | undefined {
  const store = storage().getStore();
  return store?.marking ? store.writes : undefined;
}

/**
 * Bookkeeping whose writes are not the request's outcome (a rate limit's counter): a fall after
 * it is still "nothing was saved".
 */
export function unmarked<T>(work: () => T): T {
  const store = storage().getStore();
  if (!store) return work();
  return storage().run({ writes: store.writes, marking: false }, work);
}

/** The domain found out whether a COMMIT whose answer was lost took (checkout: by its token). */
export function settleCommit(found: boolean): void {
  currentWrites()?.settle(found);
}

/** Sending the same form again cannot do it twice: the outage page may say so. */
export function markResendSafe(): void {
  const writes = currentWrites();
  if (writes) writes.resendSafe = true;
}
