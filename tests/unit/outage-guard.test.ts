/**
 * Decision 020 at the request edge: a request that meets a database already found down is
 * answered at once, never left waiting on a pool that cannot connect. The race this covers:
 * with two processes, a worker's page cache lookup (its tenant read) was what found the
 * database gone; the probe marked it down while the lookup failed, and the request then went to
 * Remix, whose wait for the database nothing ended (`onceDown` fires on the next fall only).
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { RequestWrites } from "~/lib/request-writes.server";
import type { EdgePageCache } from "../../server/edge/page-cache";
import { remixEdge } from "../../server/edge/remix-handler";
import { unlessDown } from "../../server/outage/guard";
import { databaseHealth, type DatabaseHealth } from "../../server/outage/health";

const never = () => new Promise<never>(() => {});
const within = <T>(ms: number, work: Promise<T>) =>
  Promise.race([
    work,
    // eslint-disable-next-line no-restricted-syntax -- a deadline the answer must beat (the behaviour under test), not a sleep
    new Promise<"still waiting">((resolve) => setTimeout(() => resolve("still waiting"), ms)),
  ]);

let health: DatabaseHealth | undefined;
let server: Server | undefined;
afterEach(async () => {
  await health?.stop();
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(null)));
  health = undefined;
  server = undefined;
});

function downDatabase() {
  let reachable = true;
  health = databaseHealth({
    ping: () => (reachable ? Promise.resolve() : Promise.reject(new Error("connect ECONNREFUSED"))),
    intervalMs: 60_000,
    log: () => {},
  });
  return { health, cut: () => ((reachable = false), health!.check()) };
}

/** The request edge on a port of its own, in front of a Remix that never answers. */
async function edgeWith(health: DatabaseHealth, pageCache: EdgePageCache) {
  let renders = 0;
  const app = express();
  app.use(
    remixEdge({
      trustProxy: false,
      pageCache,
      outage: { health, pageCache },
      handle: () => {
        renders++;
        return never();
      },
    }),
  );
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server!.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return { port, rendered: () => renders };
}

describe("unlessDown", () => {
  it("gives up at once on work started while the database is already down", async () => {
    const { health, cut } = downDatabase();
    await cut();
    expect(health.down).toBe(true);
    expect(await within(500, unlessDown({ health }, never()))).toBeNull();
  });

  it("gives up on waiting work when the database goes down, and keeps its answer otherwise", async () => {
    const { health, cut } = downDatabase();
    const waiting = unlessDown({ health }, never());
    await cut();
    expect(await within(500, waiting)).toBeNull();
    const fresh = downDatabase();
    expect(await unlessDown({ health: fresh.health }, Promise.resolve("page"))).toBe("page");
  });

  /** A write request's record after one transaction that wrote and committed. */
  const committed = () => {
    const writes = new RequestWrites();
    writes.began();
    writes.committing();
    writes.ended("committed", { sent: true });
    return writes;
  };

  it("awaits a write that committed when the database goes down, and keeps its answer", async () => {
    const { health, cut } = downDatabase();
    let answer = (_value: string) => {};
    const work = new Promise<string>((resolve) => (answer = resolve));
    const waiting = unlessDown({ health }, work, { writes: committed(), graceMs: 60_000 });
    await cut();
    answer("placed");
    expect(await within(500, waiting)).toBe("placed");
  });

  it("gives up on a committed write that does not answer within the grace", async () => {
    const { health, cut } = downDatabase();
    const waiting = unlessDown({ health }, never(), { writes: committed(), graceMs: 50 });
    await cut();
    expect(await within(1_000, waiting)).toBeNull();
  });

  it("gives up at once on a write that began nothing when the database goes down", async () => {
    const { health, cut } = downDatabase();
    const waiting = unlessDown({ health }, never(), { writes: new RequestWrites(), graceMs: 60_000 });
    await cut();
    expect(await within(500, waiting)).toBeNull();
  });
});

describe("the request edge", () => {
  it("answers 503 when its page cache lookup found the database gone, without waiting on Remix", async () => {
    const { health, cut } = downDatabase();
    const pageCache = {
      // A worker's tenant read fails as the probe marks the database down.
      lookup: async () => {
        await cut();
        throw new Error("connect ECONNREFUSED");
      },
      serveStale: async () => false,
      // This process holds no live entry, so every request takes the lookup under test.
      serveKnownHit: () => false,
    } as unknown as EdgePageCache;
    const { port, rendered } = await edgeWith(health, pageCache);
    const answer = await within(
      2_000,
      fetch(`http://127.0.0.1:${port}/cart`, { headers: { host: `dyes.localhost:${port}` } }),
    );
    expect(answer).not.toBe("still waiting");
    const response = answer as Response;
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBeTruthy();
    expect(await response.text()).toContain("Temporarily unavailable");
    expect(rendered()).toBe(0);
  });
});

describe("the request edge, a lookup waiting on the database", () => {
  it("answers 503 when the database goes down while its page cache lookup waits, without waiting for it", async () => {
    const { health, cut } = downDatabase();
    let lookupStarted = () => {};
    const started = new Promise<void>((resolve) => (lookupStarted = resolve));
    const pageCache = {
      // A tenant or viewer read sent just before the fall, left waiting on the pool.
      lookup: () => {
        lookupStarted();
        return never();
      },
      serveStale: async () => false,
      // This process holds no live entry, so every request takes the lookup under test.
      serveKnownHit: () => false,
    } as unknown as EdgePageCache;
    const { port, rendered } = await edgeWith(health, pageCache);
    const request = fetch(`http://127.0.0.1:${port}/`, { headers: { host: `dyes.localhost:${port}` } });
    await started;
    await cut();
    const answer = await within(2_000, request);
    expect(answer).not.toBe("still waiting");
    const response = answer as Response;
    expect(response.status).toBe(503);
    expect(await response.text()).toContain("Temporarily unavailable");
    expect(rendered()).toBe(0);
  });
});
