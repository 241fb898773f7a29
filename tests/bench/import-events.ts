/**
 * What the CSV import's webhook events cost (issue 38, decision 047): a 1,000-product import
 * (creating them, then updating every one's stock, so 2,000 events each) into a store without a
 * webhook subscription and into one with a subscription to the product and inventory topics (so
 * 2,000 deliveries too), by the code of `main` (no events) and of this tree, on PGlite and on
 * PostgreSQL, in one run, with the ratios.
 *
 *     npx tsx tests/bench/import-events.ts
 *
 * Each (tree, database) is a child process of this one started in that tree (`main` is exported
 * from git into a temporary directory sharing this tree's node_modules), so each imports its own
 * code. BENCH_DATABASE_URL: the PostgreSQL server (a scratch database is made and dropped;
 * default postgres://postgres@127.0.0.1:5432/postgres; "none" skips it). BENCH_REPEATS (2): child
 * processes of each tree, alternating; BENCH_ROUNDS (3): imports of each kind in each; the
 * medians pool them. BENCH_BASE (main): the git ref to compare with.
 * Not part of npm test.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
// Types only (erased): each child imports the code of its own tree, by path.
import type * as Client from "../../app/db/client.server";
import type * as ProductsCsv from "../../app/services/catalog/products-csv.server";
import type * as Subscriptions from "../../app/services/webhooks/subscriptions.server";
import type * as Scratch from "../helpers/scratch-database";

const PRODUCTS = 1000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 2);
const SERVER = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const BASE = process.env.BENCH_BASE ?? "main";
const TOPICS = ["products/created", "products/updated", "inventory/updated"];

/** One import's milliseconds: elapsed, and this process's CPU (PGlite's work included). */
interface Timing {
  wall: number;
  cpu: number;
}

interface ChildResult {
  /** Each import's timing, by kind and store. */
  create: { plain: Timing[]; subscribed: Timing[] };
  update: { plain: Timing[]; subscribed: Timing[] };
  events: number;
  deliveries: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function csvOf(prefix: string, stock: (i: number) => number): string {
  const header = "slug,name_en,name_ar,description_en,description_ar,price,stock,active";
  const rows = Array.from(
    { length: PRODUCTS },
    (_, i) =>
      `${prefix}-${i},Bench dye ${i},صبغة ${i},A dye for the bench,صبغة للقياس,${(5 + (i % 50)).toFixed(2)},${stock(i)},true`,
  );
  return [header, ...rows].join("\n") + "\n";
}

/** In a tree (cwd): imports its code, measures, prints one JSON line. */
async function child(kind: "pglite" | "postgres"): Promise<void> {
  const root = process.cwd();
  const at = (file: string) => path.join(root, file);
  const { createDb, setDb } = (await import(at("app/db/client.server.ts"))) as typeof Client;
  const { applyProductImport } = (await import(
    at("app/services/catalog/products-csv.server.ts")
  )) as typeof ProductsCsv;
  const { createWebhook } = (await import(
    at("app/services/webhooks/subscriptions.server.ts")
  )) as typeof Subscriptions;
  const { createScratchDatabase } = (await import(at("tests/helpers/scratch-database.ts"))) as typeof Scratch;
  const { sql } = await import("drizzle-orm");

  const scratch = kind === "postgres" ? await createScratchDatabase(SERVER, "bench_import_events", undefined, { durable: true }) : null;
  const db = await createDb(scratch ? { url: scratch.url, appUrl: scratch.appUrl, max: 4 } : {});
  setDb(db);
  try {
    const stores = { plain: crypto.randomUUID(), subscribed: crypto.randomUUID() };
    for (const [slug, id] of Object.entries(stores)) {
      await db.owner.execute(
        sql`insert into stores (id, slug, name) values (${id}, ${`bench-${slug}`}, ${`Bench ${slug}`})`,
      );
    }
    const hook = await createWebhook(stores.subscribed, null, {
      url: "https://hooks.example.com/bench",
      topics: TOPICS as never,
    });
    if (!hook.ok) throw new Error(`subscription refused: ${hook.error}`);
    const times = {
      create: { plain: [] as Timing[], subscribed: [] as Timing[] },
      update: { plain: [] as Timing[], subscribed: [] as Timing[] },
    };
    const run = async (
      store: keyof typeof stores,
      csv: string,
      expected: { created: number; updated: number },
    ): Promise<Timing> => {
      const started = performance.now();
      const cpu = process.cpuUsage();
      const result = await applyProductImport(stores[store], csv, "USD", { deleteMissing: false });
      const used = process.cpuUsage(cpu);
      const ms = { wall: performance.now() - started, cpu: (used.user + used.system) / 1000 };
      if (!result.ok || result.created !== expected.created || result.updated !== expected.updated) {
        throw new Error(`import answered ${JSON.stringify(result).slice(0, 500)}`);
      }
      return ms;
    };
    // A warm-up import of each store (plans, caches), not counted.
    for (const store of ["plain", "subscribed"] as const) {
      await run(
        store,
        csvOf("warm", () => 1),
        { created: PRODUCTS, updated: 0 },
      );
    }
    for (let round = 0; round < ROUNDS; round++) {
      // Alternating which store goes first, so neither always meets a warmer cache.
      const order = round % 2 === 0 ? (["plain", "subscribed"] as const) : (["subscribed", "plain"] as const);
      for (const store of order) {
        times.create[store].push(
          await run(
            store,
            csvOf(`r${round}`, (i) => i % 40),
            { created: PRODUCTS, updated: 0 },
          ),
        );
        times.update[store].push(
          await run(
            store,
            csvOf(`r${round}`, (i) => 1 + (i % 40)),
            { created: 0, updated: PRODUCTS },
          ),
        );
      }
    }
    const count = async (table: string) => {
      const result = (await db.owner.execute(
        sql.raw(`select count(*)::int as n from ${table}`),
      )) as unknown as { rows: { n: number }[] } | { n: number }[];
      return Number(("rows" in result ? result.rows : result)[0]!.n);
    };
    const events = await count("events").catch(() => 0);
    const deliveries = await count("webhook_deliveries").catch(() => 0);
    const out: ChildResult = { ...times, events, deliveries };
    console.log(`RESULT ${JSON.stringify(out)}`);
  } finally {
    setDb(undefined);
    await db.close();
    await scratch?.drop();
  }
}

/** The base ref's files in a temporary directory, with this tree's node_modules. */
function baseTree(here: string): string {
  const dir = path.join(os.tmpdir(), `import-events-bench-${BASE.replace(/\W/g, "_")}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  execFileSync("sh", ["-c", `git -C "${here}" archive ${BASE} | tar -x -C "${dir}"`]);
  symlinkSync(path.join(here, "node_modules"), path.join(dir, "node_modules"));
  return dir;
}

function measure(tree: string, kind: "pglite" | "postgres"): ChildResult {
  const script = fileURLToPath(import.meta.url);
  const ran = spawnSync("npx", ["tsx", script, "--child", kind], {
    cwd: tree,
    encoding: "utf8",
    env: process.env,
    maxBuffer: 64 * 1024 * 1024,
  });
  const line = ran.stdout.split("\n").find((l) => l.startsWith("RESULT "));
  if (!line)
    throw new Error(`${tree} on ${kind} failed:\n${ran.stdout.slice(-2000)}\n${ran.stderr.slice(-4000)}`);
  return JSON.parse(line.slice("RESULT ".length)) as ChildResult;
}

async function parent(): Promise<void> {
  const here = execFileSync("git", ["rev-parse", "--show-toplevel"], { encoding: "utf8" }).trim();
  const base = baseTree(here);
  const kinds: ("pglite" | "postgres")[] = SERVER === "none" ? ["pglite"] : ["pglite", "postgres"];
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const x = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
  const pooled = (
    results: ChildResult[],
    step: "create" | "update",
    store: "plain" | "subscribed",
    metric: keyof Timing,
  ) => results.flatMap((result) => result[step][store].map((timing) => timing[metric]));
  const min = (values: number[]) => Math.min(...values);
  console.log(
    `${PRODUCTS} products an import; ${REPEATS} processes of each tree, alternating, each ${ROUNDS} rounds.` +
      ` ${BASE}: no events (a subscription changes nothing). This tree: events always, deliveries with` +
      ` the subscription. Elapsed: the fastest import of each kind (the least disturbed by other work` +
      ` on the machine); CPU: the median of this process's CPU time (PGlite's work is in it,` +
      ` PostgreSQL's not).\n`,
  );
  try {
    for (const kind of kinds) {
      const before: ChildResult[] = [];
      const after: ChildResult[] = [];
      // Alternating, so a change in the machine's load falls on both.
      for (let repeat = 0; repeat < REPEATS; repeat++) {
        before.push(measure(base, kind));
        after.push(measure(here, kind));
      }
      console.log(
        `${kind} (events written by the last process: ${BASE} ${before.at(-1)!.events}, this tree ${after.at(-1)!.events}; deliveries ${before.at(-1)!.deliveries}, ${after.at(-1)!.deliveries})`,
      );
      for (const step of ["create", "update"] as const) {
        for (const metric of kind === "pglite" ? (["wall", "cpu"] as const) : (["wall"] as const)) {
          const pick = metric === "wall" ? min : median;
          const without = pick([
            ...pooled(before, step, "plain", metric),
            ...pooled(before, step, "subscribed", metric),
          ]);
          const events = pick(pooled(after, step, "plain", metric));
          const delivered = pick(pooled(after, step, "subscribed", metric));
          console.log(
            `  ${step.padEnd(6)} ${(metric === "wall" ? "elapsed" : "CPU").padEnd(7)} ${BASE} ${s(without)} | this tree:` +
              ` no subscription ${s(events)} (${x(events, without)}), subscribed ${s(delivered)} (${x(delivered, without)})`,
          );
        }
      }
    }
  } finally {
    if (existsSync(base)) rmSync(base, { recursive: true, force: true });
  }
}

const at = process.argv.indexOf("--child");
if (at >= 0) await child(process.argv[at + 1] === "postgres" ? "postgres" : "pglite");
else await parent();
