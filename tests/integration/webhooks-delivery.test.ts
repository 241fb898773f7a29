/**
 * Webhook delivery (issue 38, decision 047) against receivers on 127.0.0.1 started here: events
 * written with the change (a rollback writes none), signed bodies (two signatures while a secret
 * rotates), retries with the backoff schedule on 5xx/429/timeouts and none on a 400, the pause
 * after 24 hours of failures with the owners' email, per-resource sequence order, and the SSRF
 * guard. Time moves by editing `next_attempt_at` / `failing_since`, never by sleeping.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, asc, eq, sql } from "drizzle-orm";
import { rowsOf } from "~/db/client.server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  emailOutbox,
  storeEvents,
  stores,
  users,
  webhookDeliveries,
  webhookSubscriptions,
} from "~/db/schema";
import { seedDemo } from "~/db/seed";
import type { WebhookTopic } from "~/lib/webhooks";
import { deliveriesSettled } from "~/services/outbox/outbox.server";
import { cancelOrderIn } from "~/services/orders/orders.server";
import { takeOrderStep } from "~/services/orders/order-transitions.server";
import {
  configureWebhookDelivery,
  deliverWebhooks,
  webhookRetryDelayMs,
} from "~/services/webhooks/delivery.server";
import { verifySignature } from "~/services/webhooks/signature.server";
import { AddressRefused, resolveDeliveryAddress } from "~/services/webhooks/ssrf.server";
import {
  createWebhook,
  pauseWebhook,
  redeliver,
  resumeWebhook,
  rotateWebhookSecret,
} from "~/services/webhooks/subscriptions.server";
import { createTestDb, type TestDb } from "../helpers/db";
import { MATRIX_STORES } from "../helpers/matrix/demo";

interface Received {
  headers: IncomingMessage["headers"];
  body: string;
}

/** A receiver on 127.0.0.1 answering `status()` (or never, when it returns null). */
async function receiver(status: () => number | null = () => 200) {
  const received: Received[] = [];
  const waiting: (() => void)[] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      waiting.splice(0).forEach((wake) => wake());
      const code = status();
      if (code === null) return; // hangs: the delivery's time limit answers
      res.writeHead(code, { "Content-Type": "text/plain" }).end(code < 300 ? "ok" : "nope");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, received };
}

const servers: Server[] = [];
let db: TestDb;
let storeA: string;
let ownerA: string;

async function subscribe(url: string, topics: WebhookTopic[] = ["orders/updated", "orders/cancelled"]) {
  const made = await createWebhook(storeA, ownerA, { url, topics });
  if (!made.ok) throw new Error(made.error);
  return made;
}

async function deliveriesOf(subscriptionId: string) {
  return db.owner
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.subscriptionId, subscriptionId))
    .orderBy(asc(webhookDeliveries.createdAt), asc(webhookDeliveries.id));
}

/** Delivers what is due of this subscription only (other tests' rows are theirs). */
async function deliverDue(subscriptionId: string) {
  const due = await db.owner
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.subscriptionId, subscriptionId),
        sql`${webhookDeliveries.nextAttemptAt} <= now()`,
      ),
    );
  return deliverWebhooks(
    storeA,
    due.map((row) => row.id),
  );
}

/** Makes the subscription's waiting deliveries due now (the clock moved on). */
const makeDue = (subscriptionId: string) =>
  db.owner.execute(
    sql`update webhook_deliveries set next_attempt_at = now() where subscription_id = ${subscriptionId} and next_attempt_at is not null`,
  );

/** A fresh confirmed COD order of store A: a copy of one of the seed's, with its own id and number. */
async function confirmedOrder(): Promise<{ id: string; number: number }> {
  const [row] = rowsOf<{ id: string; number: number }>(
    await db.owner.execute(sql`
      insert into orders
      select (jsonb_populate_record(null::orders, to_jsonb(o) || jsonb_build_object(
                'id', gen_random_uuid(),
                'number', (select max(number) + 1 from orders where store_id = ${storeA}),
                'checkout_token', null,
                'status', 'confirmed', 'payment_status', 'unpaid', 'payment_method', 'cod'))).*
        from orders o where o.store_id = ${storeA} order by o.number limit 1
      returning id, number`),
  );
  return row!;
}

async function ship(number: number) {
  const result = await takeOrderStep(
    storeA,
    number,
    "ship",
    { status: "confirmed", paymentStatus: "unpaid" },
    ownerA,
  );
  expect(result.kind).toBe("done");
}

beforeAll(async () => {
  db = await createTestDb();
  await seedDemo(db, { stores: MATRIX_STORES });
  const [a] = await db.owner.select({ id: stores.id }).from(stores).where(eq(stores.slug, "dyes"));
  storeA = a!.id;
  const [owner] = await db.owner
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.storeId, storeA), eq(users.email, "admin@dyes.test")));
  ownerA = owner!.id;
  configureWebhookDelivery({ allowLoopback: true, timeoutMs: 1_000 });
});

afterAll(async () => {
  await deliveriesSettled();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await db?.dispose();
});

describe("the outbox", () => {
  it("writes no event and no delivery when the change rolls back", async () => {
    const hook = await receiver();
    const { id } = await subscribe(hook.url);
    const order = await confirmedOrder();
    const count = async () =>
      (
        await db.owner
          .select({ n: sql<number>`count(*)::int` })
          .from(storeEvents)
          .where(eq(storeEvents.storeId, storeA))
      )[0]!.n;
    const before = await count();
    await expect(
      db.withStore(storeA, async (tx) => {
        const cancelled = await cancelOrderIn(tx, storeA, { id: order.id }, "test", { kind: "system" });
        expect(cancelled.kind).toBe("cancelled");
        throw new Error("rolled back on purpose");
      }),
    ).rejects.toThrow("rolled back");
    expect(await count()).toBe(before);
    expect(await deliveriesOf(id)).toHaveLength(0);
    // Committed, the same change has both.
    await ship(order.number);
    expect(await count()).toBe(before + 1);
    expect(await deliveriesOf(id)).toHaveLength(1);
  });

  it("delivers a signed snapshot with the event's headers", async () => {
    const hook = await receiver();
    const { id, secret } = await subscribe(hook.url);
    const order = await confirmedOrder();
    await ship(order.number);
    expect(await deliverDue(id)).toEqual(["sent"]);
    const [got] = hook.received;
    const body = JSON.parse(got!.body);
    expect(got!.headers["x-webhook-topic"]).toBe("orders/updated");
    expect(got!.headers["x-webhook-id"]).toBe(body.id);
    expect(Number(got!.headers["x-webhook-sequence"])).toBe(body.resource.sequence);
    // The payload is the order as the step left it (the API's shape).
    expect(body.payload.number).toBe(order.number);
    expect(body.payload.status).toBe("shipped");
    const signature = String(got!.headers["x-webhook-signature"]);
    const timestamp = String(got!.headers["x-webhook-timestamp"]);
    expect(signature).toMatch(/^v1=[0-9a-f]{64}$/);
    expect(verifySignature(signature, secret, timestamp, got!.body)).toBe(true);
    expect(verifySignature(signature, "whsec_wrong", timestamp, got!.body)).toBe(false);
    expect(verifySignature(signature, secret, timestamp, got!.body + " ")).toBe(false);
    const [row] = await deliveriesOf(id);
    expect(row).toMatchObject({ status: "sent", responseStatus: 200, attempts: 1, nextAttemptAt: null });
  });

  it("signs with both secrets while one rotates, and only the new one after", async () => {
    const hook = await receiver();
    const { id, secret: oldSecret } = await subscribe(hook.url);
    const rotated = await rotateWebhookSecret(storeA, id, 24);
    const order = await confirmedOrder();
    await ship(order.number);
    await deliverDue(id);
    const got = hook.received.at(-1)!;
    const header = String(got.headers["x-webhook-signature"]);
    const timestamp = String(got.headers["x-webhook-timestamp"]);
    expect(header.split(",")).toHaveLength(2);
    expect(verifySignature(header, oldSecret, timestamp, got.body)).toBe(true);
    expect(verifySignature(header, rotated!.secret, timestamp, got.body)).toBe(true);
    // The grace ends: the old secret no longer signs.
    await db.owner
      .update(webhookSubscriptions)
      .set({ previousSecretExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(webhookSubscriptions.id, id));
    const again = await deliveriesOf(id);
    await redeliver(storeA, id, again[0]!.id);
    await deliveriesSettled();
    const last = hook.received.at(-1)!;
    const lastHeader = String(last.headers["x-webhook-signature"]);
    expect(lastHeader.split(",")).toHaveLength(1);
    expect(
      verifySignature(lastHeader, oldSecret, String(last.headers["x-webhook-timestamp"]), last.body),
    ).toBe(false);
    expect(
      verifySignature(lastHeader, rotated!.secret, String(last.headers["x-webhook-timestamp"]), last.body),
    ).toBe(true);
  });

  it("numbers a resource's events and delivers them in order", async () => {
    const hook = await receiver();
    const { id } = await subscribe(hook.url);
    const order = await confirmedOrder();
    await ship(order.number);
    const delivered = await takeOrderStep(
      storeA,
      order.number,
      "deliver",
      { status: "shipped", paymentStatus: "unpaid" },
      ownerA,
    );
    expect(delivered.kind).toBe("done");
    await deliverDue(id);
    const sequences = hook.received.map((got) => Number(got.headers["x-webhook-sequence"]));
    expect(sequences).toHaveLength(2);
    expect(sequences[1]).toBe(sequences[0]! + 1);
    const seqs = hook.received.map((got) => JSON.parse(got.body).seq as number);
    expect(seqs[1]).toBeGreaterThan(seqs[0]!);
    expect(JSON.parse(hook.received[1]!.body).payload.status).toBe("delivered");
  });
});

describe("retries", () => {
  it("tries a 5xx, a 429 and a timeout again on the backoff schedule, and stops after a 2xx", async () => {
    const answers: (number | null)[] = [503, 429, null, 200];
    const hook = await receiver(() => (answers.length ? answers.shift()! : 200));
    const { id } = await subscribe(hook.url);
    configureWebhookDelivery({ timeoutMs: 300 });
    try {
      await ship((await confirmedOrder()).number);
      for (let attempt = 1; attempt <= 3; attempt++) {
        expect(await deliverDue(id)).toEqual(["retry"]);
        const [row] = await db.owner
          .select({
            attempts: webhookDeliveries.attempts,
            status: webhookDeliveries.status,
            error: webhookDeliveries.error,
            responseStatus: webhookDeliveries.responseStatus,
            waitMs: sql<number>`(extract(epoch from next_attempt_at - now()) * 1000)::int`,
          })
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.subscriptionId, id));
        expect(row!.attempts).toBe(attempt);
        expect(row!.status).toBe("failed");
        // 30 s doubling, ±20 %.
        const base = 30_000 * 2 ** (attempt - 1);
        expect(row!.waitMs).toBeGreaterThanOrEqual(base * 0.8 - 2_000);
        expect(row!.waitMs).toBeLessThanOrEqual(base * 1.2 + 1_000);
        if (attempt === 3) expect(row!.error).toMatch(/timed out/);
        else expect(row!.responseStatus).toBe(attempt === 1 ? 503 : 429);
        // Not due yet: nothing is sent.
        expect(await deliverDue(id)).toEqual([]);
        await makeDue(id);
      }
      expect(await deliverDue(id)).toEqual(["sent"]);
      const [sub] = await db.owner.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, id));
      expect(sub!.failingSince).toBeNull();
    } finally {
      configureWebhookDelivery({ timeoutMs: 1_000 });
    }
  });

  it("keeps the schedule within an hour, with jitter", () => {
    expect(webhookRetryDelayMs(1, () => 0.5)).toBe(30_000);
    expect(webhookRetryDelayMs(3, () => 0)).toBe(96_000);
    expect(webhookRetryDelayMs(20, () => 1)).toBeCloseTo(3_600_000 * 1.2);
  });

  it("does not try a 400 again", async () => {
    const hook = await receiver(() => 400);
    const { id } = await subscribe(hook.url);
    await ship((await confirmedOrder()).number);
    expect(await deliverDue(id)).toEqual(["failed"]);
    const [row] = await deliveriesOf(id);
    expect(row).toMatchObject({ status: "failed", responseStatus: 400, nextAttemptAt: null, attempts: 1 });
    expect(hook.received).toHaveLength(1);
  });

  it("pauses a subscription failing for 24 hours and emails the owners; resuming sends what waited", async () => {
    let status = 500;
    const hook = await receiver(() => status);
    const { id } = await subscribe(hook.url);
    await ship((await confirmedOrder()).number);
    expect(await deliverDue(id)).toEqual(["retry"]);
    // 25 hours of failures later:
    await db.owner
      .update(webhookSubscriptions)
      .set({ failingSince: sql`now() - interval '25 hours'` })
      .where(eq(webhookSubscriptions.id, id));
    await makeDue(id);
    expect(await deliverDue(id)).toEqual(["paused"]);
    await deliveriesSettled();
    const [sub] = await db.owner.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, id));
    expect(sub!.pausedAt).not.toBeNull();
    expect(sub!.pausedReason).toBe("failing");
    const [row] = await deliveriesOf(id);
    expect(row).toMatchObject({ status: "queued", nextAttemptAt: null });
    const mails = await db.owner
      .select({ to: emailOutbox.to, kind: emailOutbox.kind, text: emailOutbox.text })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.storeId, storeA), eq(emailOutbox.kind, "webhook-paused")));
    expect(mails.map((mail) => mail.to)).toContain("admin@dyes.test");
    expect(mails[0]!.text).toContain(hook.url);
    // New events wait too while paused.
    await ship((await confirmedOrder()).number);
    expect((await deliveriesOf(id)).every((d) => d.nextAttemptAt === null)).toBe(true);
    // Resumed: both go, in order.
    status = 200;
    expect(await resumeWebhook(storeA, id)).toBe(true);
    await deliveriesSettled();
    expect(await deliverDue(id)).toEqual(expect.arrayContaining([]));
    const after = await deliveriesOf(id);
    expect(after.map((d) => d.status)).toEqual(["sent", "sent"]);
  });

  it("holds deliveries of a subscription paused by hand", async () => {
    const hook = await receiver();
    const { id } = await subscribe(hook.url);
    expect(await pauseWebhook(storeA, id)).toBe(true);
    await ship((await confirmedOrder()).number);
    expect(await deliverDue(id)).toEqual([]);
    expect(hook.received).toHaveLength(0);
  });
});

describe("the SSRF guard", () => {
  const refused = async (
    host: string,
    lookup?: (h: string) => Promise<{ address: string; family: number }[]>,
  ) => {
    await expect(resolveDeliveryAddress(host, { allowLoopback: false, lookup })).rejects.toBeInstanceOf(
      AddressRefused,
    );
  };

  it("refuses loopback, private, link-local, CGNAT, unique-local and mapped addresses", async () => {
    for (const host of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "[::1]",
      "::",
      "fd00::1",
      "fe80::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:10.0.0.1",
    ])
      await refused(host);
    // A name resolving to loopback, or to a public and a private address.
    await refused("sneaky.example", async () => [{ address: "127.0.0.1", family: 4 }]);
    await refused("mixed.example", async () => [
      { address: "93.184.216.34", family: 4 },
      { address: "10.0.0.5", family: 4 },
    ]);
    await expect(
      resolveDeliveryAddress("fine.example", {
        allowLoopback: false,
        lookup: async () => [{ address: "93.184.216.34", family: 4 }],
      }),
    ).resolves.toEqual({ address: "93.184.216.34", family: 4 });
    // The development flag lets loopback through, never a private range.
    await expect(resolveDeliveryAddress("127.0.0.1", { allowLoopback: true })).resolves.toMatchObject({
      address: "127.0.0.1",
    });
    await expect(resolveDeliveryAddress("10.0.0.1", { allowLoopback: true })).rejects.toBeInstanceOf(
      AddressRefused,
    );
  });

  it("does not deliver to a name resolving to loopback without the flag, and does not retry", async () => {
    const hook = await receiver();
    const port = new URL(hook.url).port;
    const { id } = await subscribe(hook.url);
    await db.owner
      .update(webhookSubscriptions)
      .set({ url: `http://rebind.example:${port}/hook` })
      .where(eq(webhookSubscriptions.id, id));
    const before = configureWebhookDelivery({
      allowLoopback: false,
      lookup: async () => [{ address: "127.0.0.1", family: 4 }],
    });
    try {
      await ship((await confirmedOrder()).number);
      expect(await deliverDue(id)).toEqual(["failed"]);
      const [row] = await deliveriesOf(id);
      expect(row!.error).toMatch(/private or reserved/);
      expect(row!.nextAttemptAt).toBeNull();
      expect(hook.received).toHaveLength(0);
    } finally {
      configureWebhookDelivery(before);
    }
  });
});
