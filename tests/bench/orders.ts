/**
 * `npm run bench:orders`: placing an order (Cash On Delivery) through the real checkout form at
 * 16 connections on PostgreSQL, orders/s and p99, against the bare Remix page measured in the
 * same run on the same server (DESIGN §9, issue 9).
 *
 * Needs BENCH_DATABASE_URL (a PostgreSQL server; a new database is made there and dropped at the
 * end): the embedded database is one connection, so it would measure a queue, not checkout.
 * Before the run, BENCH_SHOPPERS shoppers (default 15,000) of the demo store "dyes" each get a
 * signed-in session and a cart with one unit of a bench product, written straight to the
 * database; every measured request is one shopper's `POST /checkout` (intent place, Cash On
 * Delivery, a fresh checkout token, the total the checkout page shows), so each request places
 * exactly one order: re-pricing, the conditional stock update, the order number, the snapshot,
 * the event, the cart emptied, the rate-limit counters and the "order placed" email in the
 * outbox. Shoppers come from distinct addresses (X-Forwarded-For behind TRUST_PROXY=1), as real
 * ones would; the per-address checkout limit stays on. A request counts as an order only when it
 * answers 302 to `/orders/{n}/confirmed`, and the number of orders in the database must match.
 *
 * Env as `npm run bench`: BENCH_DURATION (seconds per route, default 10), BENCH_ROUNDS (default 2),
 * BENCH_CONNECTIONS (default 16), BENCH_WORKERS (default 1), BENCH_SHOPPERS.
 */
import http from "node:http";
import autocannon from "autocannon";
import postgres from "postgres";
import { sessionCookie } from "../../app/http/sessions.server";
import { hashSessionToken, newSessionToken } from "../../app/services/identity/sessions.server";
import { buildIfStale, formatTable, loadAverageText, startServer, writeResults } from "./server";

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));
const WORKERS = Number(process.env.BENCH_WORKERS ?? 1);
const SHOPPERS = Number(process.env.BENCH_SHOPPERS ?? 15_000);
const WARMUP_SECONDS = 3;
const STORE = "dyes";
const STOCK = 100_000_000;
const SESSION_SECRET = "bench-only-session-secret";
const ADDRESS = {
  fullName: "Bench Shopper",
  streetAddress: "12 Cedar Street",
  zipCode: "11011",
  city: "Beirut",
  mobile: "+966 50 123 4567",
};

interface Shopper {
  email: string;
  cookie: string;
}

/** Shoppers with a session and a one-unit cart each, written as the table owner. */
async function prepareShoppers(databaseUrl: string): Promise<{ shoppers: Shopper[]; productId: string }> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [store] = await sql<{ id: string }[]>`select id from stores where slug = ${STORE}`;
    if (!store) throw new Error(`no store "${STORE}": the demo seed did not run`);
    await sql`update store_settings set cash_on_delivery_enabled = true where store_id = ${store.id}`;
    // Enough stock that no order of the run is refused for it.
    const [product] = await sql<{ id: string }[]>`
      insert into products (store_id, id, slug, name_en, name_ar, price_cents, stock)
      values (${store.id}, gen_random_uuid(), 'bench-order-dye', 'Bench order dye', 'صبغة قياس الطلبات', 2500, ${STOCK})
      returning id`;
    const users = await sql<{ id: string; email: string }[]>`
      insert into users (store_id, id, email, name)
      select ${store.id}, gen_random_uuid(), 'bench-' || g || '@bench.test', 'Bench Shopper ' || g
        from generate_series(1, ${SHOPPERS}) g
      returning id, email`;
    await sql`
      insert into cart_items (store_id, id, user_id, product_id, quantity)
      select ${store.id}, gen_random_uuid(), u.id, ${product!.id}, 1
        from users u where u.store_id = ${store.id} and u.email like 'bench-%@bench.test'`;
    const tokens = users.map(() => newSessionToken());
    const expires = new Date(Date.now() + 24 * 3600 * 1000);
    await sql`
      insert into sessions (store_id, id, user_id, expires_at)
      select ${store.id}, t.hash, t.user_id::uuid, ${expires}
        from unnest(${sql.array(tokens.map(hashSessionToken))}::text[], ${sql.array(users.map((u) => u.id))}::text[])
          as t(hash, user_id)`;
    process.env.SESSION_SECRET = SESSION_SECRET;
    const cookie = sessionCookie("__session");
    const shoppers: Shopper[] = [];
    for (const [i, user] of users.entries()) {
      shoppers.push({ email: user.email, cookie: (await cookie.serialize(tokens[i]!)).split(";")[0]! });
    }
    return { shoppers, productId: product!.id };
  } finally {
    await sql.end();
  }
}

/**
 * The total the checkout page shows a shopper with the bench cart (shipping fee included) and the
 * store's Cash On Delivery fee. Through node:http: fetch() drops a Host header.
 */
function expectedTotal(
  port: number,
  host: string,
  shopper: Shopper,
): Promise<{ total: number; codFee: number }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: "127.0.0.1",
        port,
        path: "/checkout",
        headers: { host, cookie: shopper.cookie, "x-forwarded-for": "198.18.255.254" },
      },
      (response) => {
        let html = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (html += chunk));
        response.on("end", () => {
          const total = /name="expectedTotal" value="(\d+)"/.exec(html)?.[1];
          if (response.statusCode !== 200 || !total)
            reject(new Error(`checkout page answered ${response.statusCode}`));
          else
            resolve({
              total: Number(total),
              codFee: Number(/name="expectedCodFee" value="(\d+)"/.exec(html)?.[1] ?? 0),
            });
        });
      },
    );
    request.on("error", reject);
  });
}

type Run = { result: autocannon.Result; cpuMs: number | null; placed: number; refused: number };

async function main() {
  if (!process.env.BENCH_DATABASE_URL) {
    throw new Error("bench:orders needs BENCH_DATABASE_URL (PostgreSQL): see the comment at the top");
  }
  buildIfStale();
  const server = await startServer("bench_orders", {
    BENCH_ROUTES: "1",
    WEB_CONCURRENCY: String(WORKERS),
    TRUST_PROXY: "1",
    SESSION_SECRET,
  });
  const { port, origin, cpuMs, stop } = server;
  const host = `${STORE}.localhost:${port}`;
  try {
    console.log(`Preparing ${SHOPPERS} shoppers with a cart and a session`);
    const { shoppers, productId } = await prepareShoppers(server.databaseUrl!);
    const total = await expectedTotal(port, host, shoppers[0]!);
    let next = 0;

    const bare = (seconds: number) =>
      autocannon({
        url: `${origin}/bench/bare`,
        connections: CONNECTIONS,
        duration: seconds,
        headers: { host, "accept-encoding": "gzip" },
      });

    const placeOrders = (seconds: number, counts: { placed: number; refused: number }) =>
      autocannon({
        url: `${origin}/checkout`,
        connections: CONNECTIONS,
        duration: seconds,
        requests: [
          {
            method: "POST",
            setupRequest: (request) => {
              const index = next++;
              const shopper = shoppers[index];
              if (!shopper) throw new Error(`all ${SHOPPERS} shoppers ordered: raise BENCH_SHOPPERS`);
              const form = new URLSearchParams({
                ...ADDRESS,
                email: shopper.email,
                intent: "place",
                paymentMethod: "cod",
                checkoutToken: `bench-${index}-${Date.now()}`.padEnd(24, "x"),
                expectedTotal: String(total.total),
                expectedCodFee: String(total.codFee),
              });
              return {
                ...request,
                headers: {
                  host,
                  origin: `http://${host}`,
                  cookie: shopper.cookie,
                  "content-type": "application/x-www-form-urlencoded",
                  // A distinct client address per shopper (198.18.0.0/15 is for benchmarks).
                  "x-forwarded-for": `198.18.${(index >> 8) & 255}.${index & 255}`,
                },
                body: form.toString(),
              };
            },
            onResponse: (status, _body, _context, headers) => {
              const location = headers?.location;
              if (
                status === 302 &&
                typeof location === "string" &&
                /^\/orders\/\d+\/confirmed$/.test(location)
              )
                counts.placed++;
              else counts.refused++;
            },
          },
        ],
      });

    console.log(`Warming up (${WARMUP_SECONDS} s each)`);
    await bare(WARMUP_SECONDS);
    const warmup = { placed: 0, refused: 0 };
    await placeOrders(WARMUP_SECONDS, warmup);

    // Rounds alternate the two, so drift over the run falls on both alike.
    const seconds = DURATION / ROUNDS;
    const runs: Record<"bare" | "orders", Run[]> = { bare: [], orders: [] };
    for (let round = 1; round <= ROUNDS; round++) {
      for (const kind of ["bare", "orders"] as const) {
        console.log(`Round ${round}/${ROUNDS}: ${kind}, ${seconds} s, ${CONNECTIONS} connections`);
        const counts = { placed: 0, refused: 0 };
        const before = cpuMs();
        const result = kind === "bare" ? await bare(seconds) : await placeOrders(seconds, counts);
        const after = cpuMs();
        runs[kind].push({
          result,
          cpuMs: before !== null && after !== null ? after - before : null,
          ...counts,
        });
      }
    }

    const summary = (kind: "bare" | "orders") => {
      const list = runs[kind];
      const sum = (pick: (run: Run) => number) => list.reduce((n, run) => n + pick(run), 0);
      const worst = (pick: (r: autocannon.Result) => number) =>
        Math.max(...list.map((run) => pick(run.result)));
      const requests = sum((run) => run.result.requests.total);
      const duration = sum((run) => run.result.duration);
      const cpu = list.every((run) => run.cpuMs !== null) ? sum((run) => run.cpuMs ?? 0) : null;
      return {
        name: kind === "bare" ? "bare Remix page" : "place order (Cash On Delivery)",
        path: kind === "bare" ? "GET /bench/bare" : "POST /checkout",
        perSecond: duration > 0 ? requests / duration : 0,
        latencyMs: {
          p50: worst((r) => r.latency.p50),
          p90: worst((r) => r.latency.p90),
          p99: worst((r) => r.latency.p99),
          max: worst((r) => r.latency.max),
        },
        requests,
        cpuMsPerRequest: cpu !== null && requests > 0 ? cpu / requests : null,
        placed: sum((run) => run.placed),
        refused: sum((run) => run.refused),
        errors: sum((run) => run.result.errors),
        timeouts: sum((run) => run.result.timeouts),
      };
    };
    const baseline = summary("bare");
    const orders = summary("orders");

    // What the database holds must agree with what the responses said. autocannon stops with up
    // to one request per connection in flight, which the server still completes (and whose
    // answer nobody counts): give them a moment, then allow for them.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const sql = postgres(server.databaseUrl!, { max: 1, onnotice: () => {} });
    const [held] = await sql<{ orders: number; stock: number }[]>`
      select (select count(*)::int from orders o join order_items i on i.store_id = o.store_id and i.order_id = o.id
               where i.product_id = ${productId}) as orders,
             (select stock from products where id = ${productId}) as stock`;
    await sql.end();
    const placedTotal = warmup.placed + orders.placed;
    const unanswered = CONNECTIONS * (ROUNDS + 1);
    const agrees =
      held!.orders >= placedTotal &&
      held!.orders <= placedTotal + unanswered &&
      held!.stock === STOCK - held!.orders;

    const percent = (value: number) => `${(value * 100).toFixed(0)} %`;
    const table = [baseline, orders].map((row) => [
      row.name,
      row.path,
      row.perSecond.toFixed(0),
      row.latencyMs.p50.toFixed(1),
      row.latencyMs.p99.toFixed(1),
      percent(row.perSecond / baseline.perSecond),
      row.cpuMsPerRequest === null ? "n/a" : row.cpuMsPerRequest.toFixed(2),
      row.cpuMsPerRequest && baseline.cpuMsPerRequest
        ? percent(baseline.cpuMsPerRequest / row.cpuMsPerRequest)
        : "n/a",
    ]);
    console.log(
      `\n${formatTable(["route", "request", "req/s", "p50 ms", "p99 ms", "vs bare", "CPU ms/req", "vs bare (CPU)"], table)}`,
    );
    console.log(
      `\nOrders placed: ${orders.placed} measured (+${warmup.placed} warming up); refused or failed: ${orders.refused + warmup.refused}; ` +
        `in the database: ${held!.orders} orders (up to ${unanswered} more than answered: in flight when a run stopped), ` +
        `bench product stock ${held!.stock}.`,
    );
    console.log(`Database: postgres; server processes: ${WORKERS}; load average ${loadAverageText()}.`);

    writeResults("orders", {
      database: "postgres",
      workers: WORKERS,
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      rounds: ROUNDS,
      baseline,
      orders: { ...orders, ratio: orders.perSecond / baseline.perSecond },
      database_check: { ...held, placedByResponses: placedTotal },
    });

    if (orders.refused + warmup.refused > 0 || orders.errors > 0 || !agrees) {
      console.error("Some checkouts did not place an order, or the database disagrees with the responses");
      process.exitCode = 1;
    }
  } finally {
    await stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
