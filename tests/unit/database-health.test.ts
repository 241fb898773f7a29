/**
 * Decision 020's health probe at shutdown: server.ts stops the health, then closes the probe's
 * own connection, whose close asks the health to look at once (the earliest sign of an outage).
 * A stopped health must not probe then: it found the connection it had just closed "gone" and
 * logged "database unavailable" on every clean shutdown with PostgreSQL.
 */
import { describe, expect, it } from "vitest";
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
