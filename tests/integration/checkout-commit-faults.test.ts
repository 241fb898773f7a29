/**
 * A checkout's answer is what was committed (issue 42 D3, decision 020), through /checkout's
 * action on PostgreSQL, with the app's connections going through a proxy that breaks them at the
 * order's COMMIT (tests/helpers/commit-fault-proxy.ts):
 *
 * - the database gone right after the commit: the answer is the placed order, and its emails
 *   (written in the order's transaction) are delivered once the database is back;
 * - the COMMIT's answer lost after PostgreSQL committed: the order, found by its token, is the
 *   answer, and its emails go out;
 * - the COMMIT lost before PostgreSQL saw it: "nothing saved" (503, the form kept), nothing
 *   written, and the same form sent again places the order once.
 *
 * PostgreSQL only (TEST_DATABASE_URL): the faults are a network's.
 */
import { and, eq } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, inject } from "vitest";
import { createDb, setDb, type Db } from "~/db/client.server";
import { cartItems, emailOutbox, orders, users } from "~/db/schema";
import { action, loader } from "~/routes/checkout";
import { sweepOutbox } from "~/services/email/email.server";
import { deliveriesSettled } from "~/services/outbox/outbox.server";
import { CommitFaultProxy } from "../helpers/commit-fault-proxy";
import type { TestDb } from "../helpers/db";
import { createStoreFixture, type StoreFixture } from "../helpers/fixtures";
import { answer, contextFor, postForm } from "../helpers/routes";
import { createScratchDatabase, type ScratchDatabase } from "../helpers/scratch-database";
import { startSmtpServer } from "../helpers/smtp";
import {
  A,
  ADDRESS,
  addProduct,
  fillCart,
  newToken,
  signedIn,
  stockOf,
  type Ctx,
  type RefusalData,
} from "./checkout-fixtures";

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)("a checkout's answer is what was committed", () => {
  let scratch: ScratchDatabase;
  let proxy: CommitFaultProxy;
  /** The app's database, every connection through the proxy. */
  let db: Db;
  /** The test's own connection, straight to PostgreSQL. */
  let direct: TestDb;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let alpha: StoreFixture;
  let ctx: Ctx;
  let cookie: string;
  let red: string;

  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl!, "test", inject("postgresTemplate") ?? undefined);
    proxy = await CommitFaultProxy.start();
    db = await createDb({ url: proxy.through(scratch.url), appUrl: proxy.through(scratch.appUrl), max: 4 });
    setDb(db);
    const own = await createDb({ url: scratch.url, max: 2, migrate: false });
    direct = Object.assign(own, { dispose: () => own.close() });
    alpha = await createStoreFixture(direct, "alpha");
    await direct.owner.insert(users).values({
      storeId: alpha.storeId,
      id: uuidv7(),
      email: "eli@alpha.test",
      name: "Eli",
      isAdmin: true,
    });
    red = await addProduct(direct, alpha.storeId, { slug: "red", priceCents: 1000, stock: 10 });
    ctx = await contextFor(db, "alpha.localhost");
    cookie = await signedIn(alpha.storeId, alpha.userId);
    smtp = await startSmtpServer();
    process.env.SMTP_URL = smtp.url;
  });

  afterAll(async () => {
    delete process.env.SMTP_URL;
    await deliveriesSettled();
    setDb(undefined);
    await db?.close();
    await direct?.close();
    await proxy?.close();
    await smtp?.close();
    await scratch?.drop();
  });

  beforeEach(async () => {
    await fillCart(direct, alpha.storeId, alpha.userId, [{ productId: red, quantity: 2 }]);
  });

  afterEach(async () => {
    await proxy.restore();
    await deliveriesSettled();
  });

  async function placeFields() {
    const page = await answer<{ summary: { totalCents: number } }>(() =>
      loader({
        request: new Request(`${A}/checkout`, { headers: { Cookie: cookie } }),
        context: ctx,
        params: {},
      }),
    );
    return {
      ...ADDRESS,
      intent: "place",
      paymentMethod: "cod",
      checkoutToken: newToken(),
      expectedTotal: String(page.data.summary.totalCents),
    };
  }

  const post = (fields: Record<string, string>) =>
    answer<RefusalData>(() =>
      action({ request: postForm(`${A}/checkout`, fields, cookie), context: ctx, params: {} }),
    );

  const orderOf = async (token: string) =>
    (
      await direct.owner
        .select({ number: orders.number })
        .from(orders)
        .where(and(eq(orders.storeId, alpha.storeId), eq(orders.checkoutToken, token)))
    )[0];

  /** The outbox rows of the order numbered `number` (its subject names it). */
  const mailOf = async (number: number) =>
    (
      await direct.owner
        .select({
          kind: emailOutbox.kind,
          to: emailOutbox.to,
          status: emailOutbox.status,
          subject: emailOutbox.subject,
        })
        .from(emailOutbox)
        .where(eq(emailOutbox.storeId, alpha.storeId))
    )
      .filter((mail) => mail.subject.includes(`#${number}`))
      .sort((a, b) => a.kind.localeCompare(b.kind));

  /**
   * Places a checkout with `fault` armed at its commit and expects the truth: the order is in the
   * database and the answer is its confirmation page.
   */
  async function placedThrough(fault: Parameters<typeof proxy.arm>[0]): Promise<{ number: number }> {
    const fields = await placeFields();
    proxy.arm(fault);
    const res = await post(fields);
    await proxy.firedAt;
    const order = await orderOf(fields.checkoutToken);
    expect(order).toBeDefined();
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/orders/${order!.number}/confirmed`);
    return order!;
  }

  it("the database gone right after the commit: the answer is the order, and its emails go out once it is back", async () => {
    const order = await placedThrough("cut-after");

    // The delivery tried after the answer found no database; the messages wait in the outbox.
    await deliveriesSettled();
    await proxy.restore();
    await sweepOutbox();
    expect(await mailOf(order.number)).toEqual([
      expect.objectContaining({ kind: "new-order-alert", to: "eli@alpha.test", status: "sent" }),
      expect.objectContaining({ kind: "order-placed", to: ADDRESS.email, status: "sent" }),
    ]);
    const received = smtp.messages.filter((mail) => mail.subject.includes(`#${order.number}`));
    expect(received.flatMap((mail) => mail.to).sort()).toEqual([ADDRESS.email, "eli@alpha.test"].sort());
  });

  it("the COMMIT's answer lost after PostgreSQL committed: the order found by its token is the answer", async () => {
    const order = await placedThrough("lose-answer");
    await deliveriesSettled();
    expect((await mailOf(order.number)).map((mail) => [mail.kind, mail.status])).toEqual([
      ["new-order-alert", "sent"],
      ["order-placed", "sent"],
    ]);
  });

  it("the COMMIT lost before PostgreSQL saw it: nothing saved (503, the form kept), and sending it again places one order", async () => {
    const fields = await placeFields();
    const stockBefore = await stockOf(direct, red);
    const outboxBefore = (await direct.owner.select().from(emailOutbox)).length;
    proxy.arm("lose-commit");
    const res = await post(fields);
    await proxy.firedAt;
    expect(res.status).toBe(503);
    expect(res.data.notice?.key).toBe("checkout.notSaved");
    expect(res.data.result).toBeTruthy();
    expect(await orderOf(fields.checkoutToken)).toBeUndefined();
    expect(await stockOf(direct, red)).toBe(stockBefore);
    expect(
      await direct.owner.select().from(cartItems).where(eq(cartItems.userId, alpha.userId)),
    ).toHaveLength(1);
    expect(await direct.owner.select().from(emailOutbox)).toHaveLength(outboxBefore);

    const again = await post(fields);
    const order = await orderOf(fields.checkoutToken);
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe(`/orders/${order!.number}/confirmed`);
    expect(await stockOf(direct, red)).toBe(stockBefore - 2);
  });
});
