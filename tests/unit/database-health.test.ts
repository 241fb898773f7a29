/**
 * Decision 020's health probe. At shutdown: server.ts stops the health, then closes the probe's
 * own connection, whose close asks the health to look at once (the earliest sign of an outage).
 * A stopped health must not probe then: it found the connection it had just closed "gone" and
 * logged "database unavailable" on every clean shutdown with PostgreSQL. On a busy CPU (issue 42
 * D9): a probe's time is the database's, not the event loop's, and two probes in a row must fail.
 */
import net from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { databaseHealth } from "../../server/outage/health";

describe("databaseHealth once stopped", () => {
  it("probes no more and logs nothing when asked to look, answering as of its last probe", async () => {
    const lines: string[] = [];
    let pings = 0;
    let closed = false;
    const health = databaseHealth({
      ping: async () => {
        pings += 1;
        if (closed) throw new Error("write CONNECTION_ENDED 127.0.0.1:5432");
      },
      intervalMs: 60_000,
      log: (line) => lines.push(line),
    });
    expect(await health.check()).toBe(true);
    const before = pings;

    await health.stop();
    // The probe's connection closes as the process shuts down; its close asks for a look.
    closed = true;
    expect(await health.check()).toBe(true);
    expect(health.down).toBe(false);
    expect(pings).toBe(before);
    expect(lines).toEqual([]);
  });

  it("keeps saying down when it was stopped during an outage", async () => {
    const health = databaseHealth({
      ping: () => Promise.reject(new Error("connect ECONNREFUSED")),
      intervalMs: 60_000,
      log: () => {},
    });
    expect(await health.check()).toBe(false);
    await health.stop();
    expect(await health.check()).toBe(false);
    expect(health.down).toBe(true);
  });
});

/** Keeps the CPU for `ms`, as a long render does: no timer, no socket is served meanwhile. */
function keepTheLoopBusy(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy
  }
}

describe("databaseHealth on a busy CPU (issue 42 D9)", () => {
  let server: net.Server | undefined;
  afterEach(() => {
    vi.useRealTimers();
    server?.close();
    server = undefined;
  });

  it("does not call the database down when its answer came in time but the loop was busy", async () => {
    // The "database": a local port whose connection is accepted by the kernel at once; the
    // probe hears of it only when the event loop reads its sockets.
    server = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as net.AddressInfo;
    const lines: string[] = [];
    const health = databaseHealth({
      ping: () =>
        new Promise<void>((resolve, reject) => {
          const socket = net.connect({ host: "127.0.0.1", port });
          socket.once("connect", () => {
            socket.destroy();
            resolve();
          });
          socket.once("error", reject);
        }),
      intervalMs: 60_000,
      timeoutMs: 200,
      log: (line) => lines.push(line),
    });
    const checking = health.check();
    // The connection is on its way; then a render keeps the CPU three times the timeout.
    await new Promise((resolve) => setImmediate(resolve));
    keepTheLoopBusy(600);
    expect(await checking).toBe(true);
    expect(health.down).toBe(false);
    expect(lines).toEqual([]);
    await health.stop();
  });

  it("still calls a database that does not answer down within the timeout", async () => {
    vi.useFakeTimers();
    let resets = 0;
    const lines: string[] = [];
    const health = databaseHealth({
      ping: () => new Promise<void>(() => {}),
      reset: async () => void resets++,
      intervalMs: 60_000,
      timeoutMs: 800,
      now: () => Date.now(),
      log: (line) => lines.push(line),
    });
    let answer: boolean | undefined;
    void health.check().then((ok) => (answer = ok));
    await vi.advanceTimersByTimeAsync(790);
    expect(answer).toBeUndefined();
    // The fake clock charges a millisecond for each probe's verdict (a setImmediate, the same
    // loop turn in real time).
    await vi.advanceTimersByTimeAsync(12);
    expect(answer).toBe(false);
    expect(health.down).toBe(true);
    // Each probe's connection was replaced after it timed out; one line for the fall.
    expect(resets).toBe(2);
    expect(lines).toEqual(["database unavailable: no answer within 400 ms"]);
    await health.stop();
  });

  it("calls a refused database down after two probes in a row, at once", async () => {
    let pings = 0;
    const health = databaseHealth({
      ping: async () => {
        pings++;
        throw new Error("connect ECONNREFUSED 127.0.0.1:5432");
      },
      intervalMs: 60_000,
      log: () => {},
    });
    expect(await health.check()).toBe(false);
    expect(health.down).toBe(true);
    expect(pings).toBe(2);
    await health.stop();
  });

  it("takes one failed probe for no outage when the next answers (the probe's connection was terminated)", async () => {
    let pings = 0;
    const lines: string[] = [];
    const health = databaseHealth({
      ping: async () => {
        pings++;
        if (pings === 1) throw new Error("write CONNECTION_CLOSED 127.0.0.1:5432");
      },
      intervalMs: 60_000,
      log: (line) => lines.push(line),
    });
    expect(await health.check()).toBe(true);
    expect(health.down).toBe(false);
    expect(pings).toBe(2);
    expect(lines).toEqual([]);
    await health.stop();
  });

  it("counts lost connections and says since when", async () => {
    let clock = 1_000;
    let pings = 0;
    const health = databaseHealth({
      ping: async () => void pings++,
      intervalMs: 60_000,
      now: () => clock,
      log: () => {},
    });
    const before = clock;
    clock += 5;
    health.connectionLost();
    expect(health.lostConnections).toBe(1);
    expect(health.lostSince(before)).toBe(true);
    expect(health.lostSince(clock + 1)).toBe(false);
    // A loss asks the probe to look at once.
    expect(await health.check()).toBe(true);
    expect(pings).toBe(1);
    await health.stop();
  });
});
