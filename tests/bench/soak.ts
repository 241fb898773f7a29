/**
 * `npm run soak`: a bounded soak of the production server (issue 18). For SOAK_SECONDS (default
 * 600) it sends about SOAK_RATE requests a second (default 50), started on a fixed schedule
 * whatever the answers take (an open model, as real visitors arrive): anonymous store pages and
 * their `.data` (the page cache answers most), signed-in pages of the demo shopper, cart adds,
 * and every few seconds a Cash On Delivery checkout of what the cart holds.
 *
 * Issue 42's shape by default: two server processes (BENCH_WORKERS, default 2) and one more
 * process keeping a core busy the whole time (SOAK_BUSY_CORE=0 leaves it out).
 *
 * It prints the errors (network errors, 5xx, and any status a step does not expect), p50/p99
 * per kind and overall, the requests that passed the server's deadline (its
 * `http_request_deadline_exceeded_total`, its "request deadline passed" warnings, and answers
 * the client waited longer than the request's deadline for once its request was sent — the
 * time waiting for one of the client's own sockets is shown apart, not counted), each server process's resident memory
 * at start, peak and end, the server's total after the warm-up (the first SOAK_WARMUP_SECONDS,
 * default 60: caches filled), and, on PostgreSQL, the orders the database holds against the
 * checkouts answered "placed". The goal: 0 errors, 0 requests over the deadline, as many orders
 * as placed answers, and the end RSS within the page cache's cap (PAGE_CACHE_MB, default 64) +
 * 100 MB of the warm-up RSS; the exit code is 1 otherwise. The server runs with the image's heap
 * cap (BENCH_NODE_ARGS, default --max-old-space-size=256). PGlite by default,
 * BENCH_DATABASE_URL for PostgreSQL (as the other benches). The server's output goes to
 * SOAK_LOG (default /tmp/soak-server.log).
 */
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import postgres from "postgres";
import { DEMO_PASSWORDS } from "../../app/db/seed/accounts";
import { DEFAULT_REQUEST_DEADLINES } from "../../app/lib/config.server";
import { buildIfStale, formatTable, freePort, loadAverageText, startServer, writeResults } from "./server";

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const RATE = Number(process.env.SOAK_RATE ?? 50);
const WARMUP_SECONDS = Math.min(Number(process.env.SOAK_WARMUP_SECONDS ?? 60), SECONDS / 3);
const WORKERS = process.env.BENCH_WORKERS ?? "2";
const BUSY_CORE = process.env.SOAK_BUSY_CORE !== "0";
const LOG = process.env.SOAK_LOG ?? "/tmp/soak-server.log";
/** How long the end waits for requests in flight: past the client's own 30 s timeout. */
const DRAIN_MS = 35_000;
const DEADLINE_MS = Number(process.env.REQUEST_DEADLINE_MS ?? DEFAULT_REQUEST_DEADLINES.pageMs);
const WRITE_DEADLINE_MS = Number(process.env.REQUEST_WRITE_DEADLINE_MS ?? DEFAULT_REQUEST_DEADLINES.writeMs);
/** The kinds that POST: the server gives them the write deadline, not the page's. */
const WRITE_KINDS = new Set(["cart add", "checkout (COD)"]);
// The server as the image runs it: a heap cap per process (docs/deploy/memory.md). Without it
// V8 collects late and the RSS goal measures that, not a leak. BENCH_NODE_ARGS="" runs uncapped.
process.env.BENCH_NODE_ARGS ??= "--max-old-space-size=256";
const PAGE_CACHE_MB = Number(process.env.PAGE_CACHE_MB ?? 64);
const STORE = "dyes";
const SHOPPER = { email: "shopper@dyes.test", password: DEMO_PASSWORDS.shopper };
const ADDRESS = {
  fullName: "Soak Shopper",
  streetAddress: "12 Cedar Street",
  zipCode: "11011",
  city: "Beirut",
  mobile: "+966 50 123 4567",
};
/** A checkout every this many seconds: under the 30 a minute one shopper may place. */
const CHECKOUT_EVERY_S = 4;

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
let port = 0;
const host = () => `${STORE}.localhost:${port}`;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** How long the request waited in the client's agent for one of its 64 sockets. */
  queuedMs: number;
}

function send(
  path: string,
  {
    method = "GET",
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const asked = performance.now();
  let queuedMs = 0;
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: "127.0.0.1",
        port,
        path,
        method,
        agent,
        headers: { host: host(), "accept-encoding": "identity", ...headers },
        timeout: 30_000,
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text, queuedMs }),
        );
        response.on("error", reject);
      },
    );
    outgoing.once("socket", () => (queuedMs = performance.now() - asked));
    outgoing.on("timeout", () => outgoing.destroy(new Error("timed out after 30 s")));
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

const form = (cookie: string, values: Record<string, string>) => ({
  method: "POST",
  headers: {
    cookie,
    origin: `http://${host()}`,
    "content-type": "application/x-www-form-urlencoded",
  },
  body: new URLSearchParams(values).toString(),
});

async function signIn(): Promise<string> {
  const answer = await send("/login", form("", SHOPPER));
  const session = [answer.headers["set-cookie"] ?? []].flat().find((c) => c.startsWith("__session="));
  if (!session) throw new Error(`signing in answered ${answer.status} without a session`);
  return session.split(";")[0]!;
}

/**
 * What a product page's add-to-cart form sends: the product, and its only variant or the option
 * values checked by default (the first in stock of each, decision 023).
 */
function addToCartFields(body: string): Record<string, string> | null {
  const productId = /name="productId" value="([^"]+)"/.exec(body)?.[1];
  if (!productId) return null;
  const fields: Record<string, string> = { productId };
  const variantId = /name="variantId" value="([^"]+)"/.exec(body)?.[1];
  if (variantId) fields.variantId = variantId;
  for (const [tag] of body.matchAll(/<input[^>]*type="radio"[^>]*>/g)) {
    const name = /name="(option[123])"/.exec(tag)?.[1];
    const value = /value="([^"]+)"/.exec(tag)?.[1];
    if (name && value && /\schecked(="")?[\s/>]/.test(tag)) fields[name] = value;
  }
  return fields;
}

/** The store's product pages and what their add-to-cart forms send (in stock only). */
async function discoverProducts(): Promise<{ slugs: string[]; inStock: Record<string, string>[] }> {
  const listing = await send("/products");
  const slugs = [
    ...new Set([...listing.body.matchAll(/href="\/products\/([a-z0-9-]+)"/g)].map((m) => m[1]!)),
  ];
  const inStock: Record<string, string>[] = [];
  for (const slug of slugs) {
    const page = await send(`/products/${slug}`);
    const fields = addToCartFields(page.body);
    if (fields) inStock.push(fields);
  }
  if (slugs.length === 0 || inStock.length === 0) throw new Error("no products found on /products");
  return { slugs, inStock };
}

interface Sample {
  kind: string;
  ms: number;
  at: number;
}

/** Each server process's resident memory, sampled: the first, highest and last sample, in MB. */
class RssByProcess {
  readonly seen = new Map<number, { start: number; peak: number; end: number }>();
  sample(current: Map<number, number>) {
    for (const [pid, mb] of current) {
      const known = this.seen.get(pid);
      if (known) {
        known.peak = Math.max(known.peak, mb);
        known.end = mb;
      } else this.seen.set(pid, { start: mb, peak: mb, end: mb });
    }
  }
}

/** The sum of a counter's series in a Prometheus text exposition. */
function counterTotal(exposition: string, name: string): number {
  return [...exposition.matchAll(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\d+)`, "gm"))].reduce(
    (sum, match) => sum + Number(match[1]),
    0,
  );
}

/** A process that keeps one core busy until killed (issue 42: the soak beside a busy core). */
function busyCore() {
  return spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" });
}

async function main() {
  buildIfStale();
  writeFileSync(LOG, "");
  const metricsPort = await freePort();
  const server = await startServer(
    "soak",
    { WEB_CONCURRENCY: WORKERS, REQUEST_LOG: "0", METRICS_PORT: String(metricsPort) },
    { logFile: LOG },
  );
  port = server.port;
  const busy = BUSY_CORE ? busyCore() : null;
  const rssByProcess = new RssByProcess();
  rssByProcess.sample(server.rssByProcess());
  const samples: Sample[] = [];
  const errors = new Map<string, number>();
  let refused = 0;
  let placed = 0;
  let overDeadline = 0;
  let soakStarted = Date.now();
  /** Answers that took longer than their deadline by the client's clock, queue included. */
  const slow: { kind: string; ms: number; queuedMs: number; atSecond: number; status: number }[] = [];
  let unavailable = 0;
  const fail = (what: string) => errors.set(what, (errors.get(what) ?? 0) + 1);
  const rssStart = server.rssMb();

  try {
    const cookie = await signIn();
    const { slugs, inStock } = await discoverProducts();
    const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
    const anonymous = [
      "/",
      "/_root.data",
      "/products",
      "/products?sort=price-asc",
      "/categories",
      "/about",
      "/contact",
    ];
    const signedIn = ["/", "/cart", "/orders", "/wishlist", "/profile"];

    /** One request of a kind; `ok` lists the statuses that kind expects. */
    const timed = async (kind: string, run: () => Promise<Answer>, ok: number[]) => {
      const started = performance.now();
      try {
        const answer = await run();
        const ms = performance.now() - started;
        samples.push({ kind, ms, at: Date.now() });
        const deadline = WRITE_KINDS.has(kind) ? WRITE_DEADLINE_MS : DEADLINE_MS;
        if (ms > deadline) {
          slow.push({
            kind,
            ms,
            queuedMs: answer.queuedMs,
            atSecond: Math.round((Date.now() - soakStarted) / 1000),
            status: answer.status,
          });
          // The time in the client's own socket queue is the client's, not the server's.
          if (ms - answer.queuedMs > deadline) overDeadline++;
        }
        if (answer.status === 503) unavailable++;
        if (answer.status === 409) refused++;
        else if (!ok.includes(answer.status)) fail(`${kind}: ${answer.status}`);
        return answer;
      } catch (error) {
        fail(`${kind}: ${(error as Error).message}`);
        return null;
      }
    };

    let checkingOut = false;
    let orderCount = 0;
    const checkout = async () => {
      if (checkingOut) return;
      checkingOut = true;
      try {
        const page = await timed(
          "checkout page",
          () => send("/checkout", { headers: { cookie } }),
          [200, 302],
        );
        const total = page && /name="expectedTotal" value="(\d+)"/.exec(page.body)?.[1];
        if (!total) return; // An empty cart sends to /cart: nothing to place.
        const answer = await timed(
          "checkout (COD)",
          () =>
            send(
              "/checkout",
              form(cookie, {
                ...ADDRESS,
                email: SHOPPER.email,
                intent: "place",
                paymentMethod: "cod",
                checkoutToken: `soak-${Date.now()}-${++orderCount}`.padEnd(24, "x"),
                expectedTotal: total,
                expectedCodFee: /name="expectedCodFee" value="(\d+)"/.exec(page?.body ?? "")?.[1] ?? "0",
              }),
            ),
          [302, 303],
        );
        if (answer && /\/orders\/\d+\/confirmed/.test(String(answer.headers.location))) placed++;
        else if (answer && answer.status < 400) fail(`checkout (COD): went to ${answer.headers.location}`);
      } finally {
        checkingOut = false;
      }
    };

    const one = () => {
      const roll = Math.random();
      if (roll < 0.45) {
        const path = pick([...anonymous, ...slugs.map((slug) => `/products/${slug}`)]);
        return timed("anonymous page", () => send(path), [200]);
      }
      if (roll < 0.6) {
        const slug = pick(slugs);
        return timed("anonymous .data", () => send(`/products/${slug}.data`), [200]);
      }
      if (roll < 0.94) {
        const path = pick([...signedIn, `/products/${pick(slugs)}`]);
        return timed("signed-in page", () => send(path, { headers: { cookie } }), [200]);
      }
      return timed(
        "cart add",
        () => send("/cart", form(cookie, { intent: "add", ...pick(inStock), quantity: "1" })),
        [302, 303],
      );
    };

    console.log(
      `Soak: ${SECONDS} s at ${RATE} requests/s (${WORKERS} process(es), ${server.database}` +
        `${busy ? ", one more process keeping a core busy" : ""}); ` +
        `${slugs.length} products; load average ${loadAverageText()}`,
    );
    const started = Date.now();
    soakStarted = started;
    const inFlight = new Set<Promise<unknown>>();
    let rssWarm: number | null = null;
    let sent = 0;
    let lastCheckout = started;
    let lastReport = started;
    let lastRssSample = started;
    while (Date.now() - started < SECONDS * 1000) {
      const exited = server.exited();
      if (exited) throw new Error(exited);
      const due = Math.floor(((Date.now() - started) / 1000) * RATE);
      for (; sent < due; sent++) {
        const request = one().finally(() => inFlight.delete(request));
        inFlight.add(request);
      }
      if (Date.now() - lastCheckout >= CHECKOUT_EVERY_S * 1000) {
        lastCheckout = Date.now();
        void checkout();
      }
      if (Date.now() - lastRssSample >= 1000) {
        lastRssSample = Date.now();
        rssByProcess.sample(server.rssByProcess());
      }
      if (rssWarm === null && Date.now() - started >= WARMUP_SECONDS * 1000) {
        rssWarm = server.rssMb();
        console.log(`  warm-up done: RSS ${rssWarm?.toFixed(0)} MB`);
      }
      if (Date.now() - lastReport >= 30_000) {
        lastReport = Date.now();
        const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
        console.log(
          `  ${Math.round((Date.now() - started) / 1000)} s: ${samples.length} answers, ${errorCount} errors, ` +
            `${placed} orders, RSS ${server.rssMb()?.toFixed(0)} MB, in flight ${inFlight.size}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // Every request has had its chance: a request still unanswered after the longest deadline and
    // the client's own timeout is counted, not waited for (an overloaded server has a long queue).
    const drained = await Promise.race([
      Promise.all(inFlight).then(() => true),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), DRAIN_MS)),
    ]);
    if (!drained) {
      errors.set("unanswered at the end", inFlight.size);
      agent.destroy();
    }
    const rssEnd = server.rssMb();
    rssByProcess.sample(server.rssByProcess());
    const exposition = await fetch(`http://127.0.0.1:${metricsPort}/metrics`).then((r) => r.text());
    const deadlineExceeded = counterTotal(exposition, "http_request_deadline_exceeded_total");
    const deadlineWarnings = readFileSync(LOG, "utf8")
      .split("\n")
      .filter((line) => line.includes("request deadline passed"));
    const ordersInDatabase = server.databaseUrl ? await soakOrders(server.databaseUrl) : null;
    const elapsed = (Date.now() - started) / 1000;

    const quantile = (values: number[], q: number) => {
      if (values.length === 0) return 0;
      const sorted = [...values].sort((a, b) => a - b);
      return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
    };
    const kinds = [...new Set(samples.map((s) => s.kind))];
    const rows = [...kinds, "all"].map((kind) => {
      const ms = samples.filter((s) => kind === "all" || s.kind === kind).map((s) => s.ms);
      return { kind, count: ms.length, p50: quantile(ms, 0.5), p99: quantile(ms, 0.99) };
    });
    console.log(
      `\n${formatTable(
        ["kind", "answers", "p50 ms", "p99 ms"],
        rows.map((r) => [r.kind, String(r.count), r.p50.toFixed(1), r.p99.toFixed(1)]),
      )}`,
    );
    const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
    const budgetMb = (rssWarm ?? 0) + PAGE_CACHE_MB + 100;
    const memoryOk = rssEnd !== null && rssWarm !== null && rssEnd <= budgetMb;
    console.log(
      `\n${samples.length} answers in ${elapsed.toFixed(0)} s (${(samples.length / elapsed).toFixed(1)}/s), ` +
        `${placed} orders placed, ${refused} refused with 409 (stock), ${errorCount} errors`,
    );
    for (const [what, count] of errors) console.log(`  error ${what}: ${count}`);
    console.log(
      `Over the deadline (${DEADLINE_MS} ms for pages, ${WRITE_DEADLINE_MS} ms for writes): ` +
        `${deadlineExceeded} by the server's count, ${overDeadline} by the client's clock once sent ` +
        `(${slow.length} counting the client's own socket queue); ${unavailable} answered 503`,
    );
    for (const s of slow.slice(0, 20))
      console.log(
        `  ${s.kind} at ${s.atSecond} s: ${s.ms.toFixed(0)} ms, of which ${s.queuedMs.toFixed(0)} ms ` +
          `waiting for a client socket; answered ${s.status}`,
      );
    for (const line of deadlineWarnings.slice(0, 20)) console.log(`  ${line}`);
    const ordersOk = ordersInDatabase === null || ordersInDatabase === placed;
    console.log(
      ordersInDatabase === null
        ? `Orders: ${placed} answered placed (the database's count is read on PostgreSQL only)`
        : `Orders: ${placed} answered placed, ${ordersInDatabase} in the database ${ordersOk ? "ok" : "MISMATCH"}`,
    );
    console.log(
      `\n${formatTable(
        ["process", "RSS start MB", "peak MB", "end MB"],
        [...rssByProcess.seen].map(([pid, mb], index) => [
          `${index === 0 ? "primary" : "worker"} ${pid}`,
          mb.start.toFixed(0),
          mb.peak.toFixed(0),
          mb.end.toFixed(0),
        ]),
      )}`,
    );
    console.log(
      `RSS: start ${rssStart?.toFixed(0)} MB, after warm-up ${rssWarm?.toFixed(0)} MB, end ${rssEnd?.toFixed(0)} MB ` +
        `(goal: at most ${budgetMb.toFixed(0)} MB = warm-up + page cache ${PAGE_CACHE_MB} MB + 100 MB) ${memoryOk ? "ok" : "OVER"}`,
    );
    console.log(`Load average at the end: ${loadAverageText()}`);
    writeResults("soak", {
      seconds: SECONDS,
      rate: RATE,
      workers: WORKERS,
      database: server.database,
      answers: samples.length,
      placed,
      refused,
      errors: Object.fromEntries(errors),
      latencyMs: rows,
      rssMb: { start: rssStart, warm: rssWarm, end: rssEnd, budget: budgetMb },
      rssByProcessMb: Object.fromEntries(rssByProcess.seen),
      busyCore: Boolean(busy),
      deadline: {
        ms: DEADLINE_MS,
        writeMs: WRITE_DEADLINE_MS,
        exceeded: deadlineExceeded,
        clientOver: overDeadline,
        slow,
        unavailable,
      },
      ordersInDatabase,
    });
    if (errorCount > 0 || !memoryOk || deadlineExceeded > 0 || overDeadline > 0 || !ordersOk)
      process.exitCode = 1;
  } finally {
    busy?.kill();
    agent.destroy();
    await server.stop();
  }
}

/** Orders the soak placed, as the database holds them (their checkout tokens start with "soak-"). */
async function soakOrders(url: string): Promise<number> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ count: string }[]>`
      select count(*) from orders where checkout_token like 'soak-%'`;
    return Number(row?.count ?? 0);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

await main();
