/**
 * `npm run lighthouse`: the Lighthouse budget of DESIGN §9 (mobile, Debian Chromium):
 * performance ≥ 95, accessibility, best practices and SEO 100 on the home, listing and product
 * pages, in English and Arabic.
 *
 * Builds when the build is missing or older than the sources, starts the production server on a
 * free port with a fresh seeded PGlite (tests/bench/server.ts, as `npm run bench` does), warms the
 * pages, their image variants and Lighthouse itself (one unrecorded run), then runs Lighthouse's
 * default mobile audit (simulated throttling) with /usr/bin/chromium several times per page, each
 * in a fresh browser, and reports each category's median.
 * Prints the scores against the budget and every failing audit, writes a summary (and the
 * median run's full report per page) to tests/bench/results/, and exits non-zero when a budget
 * is missed. Not part of `npm test`: scores on a shared 2-core machine are noisy.
 *
 * The pages are audited as shoppers get them (decision 033): through Caddy with the documented
 * Caddyfile (docs/deploy/Caddyfile: TLS, HTTP/2, compression) in front of the server, with
 * Caddy's local CA (Chromium told to accept it). LIGHTHOUSE_EDGE=direct audits the node server
 * itself over plain HTTP/1.1 instead (also where /usr/bin/caddy is missing) — a setup no shopper
 * sees, whose simulated load pays six connections per host for every module script.
 *
 * Env: LIGHTHOUSE_RUNS (runs per page, default 3), LIGHTHOUSE_PAGES (comma-separated names:
 * home, listing, product), LIGHTHOUSE_LOCALES (en, ar), LIGHTHOUSE_EDGE (caddy, direct),
 * CHROMIUM_PATH (default /usr/bin/chromium), LIGHTHOUSE_CHROME_FLAGS (more Chromium flags, space-separated,
 * for experiments; the summary records the flags used).
 *
 * On this machine headless Chromium often draws its first frame 1–2 s after the load event, with
 * the renderer idle and JavaScript off too; Lantern then takes every request and task before that
 * paint into the simulated FCP/LCP, and its Speed Index is 1.4 × the observed one (~3.9–4.0 s
 * instead of ≈ FCP). `--disable-frame-rate-limit` brings the observed paint to the content, but
 * draws frames without limit: main-thread work and TBT balloon, so it is no setting for the budget.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags, type Result } from "lighthouse";
import { hasCaddy, startCaddy, type RunningCaddy } from "../helpers/caddy";
import { buildIfStale, currentCommit, formatTable, RESULTS_DIR, startServer } from "./server";

type Locale = "en" | "ar";
type CategoryId = "performance" | "accessibility" | "best-practices" | "seo";

interface Page {
  name: string;
  /** Demo store slug; the page is served on `{store}.localhost`, which Chromium sends to 127.0.0.1. */
  store: string;
  path: string;
}

const PAGES: Page[] = [
  { name: "home", store: "dyes", path: "/" },
  { name: "listing", store: "dyes", path: "/products" },
  { name: "product", store: "dyes", path: "/products/crimson-red-fabric-dye" },
];
const LOCALES: Locale[] = ["en", "ar"];
const CATEGORIES: CategoryId[] = ["performance", "accessibility", "best-practices", "seo"];
/** DESIGN §9, as Lighthouse scores (0–1). */
const BUDGET: Record<CategoryId, number> = {
  performance: 0.95,
  accessibility: 1,
  "best-practices": 1,
  seo: 1,
};

const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const EDGE = process.env.LIGHTHOUSE_EDGE ?? (hasCaddy() ? "caddy" : "direct");
if (EDGE !== "caddy" && EDGE !== "direct")
  throw new Error(`LIGHTHOUSE_EDGE must be caddy or direct, got ${EDGE}`);
const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  // Caddy's certificates come from its local CA, which this throwaway profile does not trust.
  ...(EDGE === "caddy" ? ["--ignore-certificate-errors"] : []),
  ...(process.env.LIGHTHOUSE_CHROME_FLAGS ?? "").split(" ").filter(Boolean),
];

function selected<T extends string>(all: readonly T[], env: string | undefined): T[] {
  if (!env) return [...all];
  const wanted = env.split(",").map((value) => value.trim());
  const unknown = wanted.filter((value) => !all.includes(value as T));
  if (unknown.length > 0) throw new Error(`unknown ${unknown.join(", ")}; expected one of ${all.join(", ")}`);
  return all.filter((value) => wanted.includes(value));
}

/** `?lng=ar` chooses Arabic (app/lib/i18n.server.ts); English is the demo stores' default. */
function pagePath(page: Page, locale: Locale): string {
  if (locale === "en") return page.path;
  return `${page.path}${page.path.includes("?") ? "&" : "?"}lng=${locale}`;
}

/** Node does not resolve *.localhost, so requests go to 127.0.0.1 and name the store host. */
function get(
  port: number,
  store: string,
  pathname: string,
  accept: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: "127.0.0.1", port, path: pathname, headers: { host: `${store}.localhost:${port}`, accept } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
        );
      },
    );
    request.on("error", reject);
  });
}

/**
 * Loads each page once and every image variant it refers to, so the audits measure served pages
 * rather than the first resize of each image (the image route caches its variants).
 */
async function warmUp(port: number, pages: { page: Page; locale: Locale }[]) {
  const images = new Set<string>();
  for (const { page, locale } of pages) {
    const { status, body } = await get(port, page.store, pagePath(page, locale), "text/html");
    if (status !== 200) throw new Error(`${page.store} ${pagePath(page, locale)} answered ${status}`);
    for (const match of body.matchAll(/\/resources\/image\?[^"\s,]+/g)) {
      images.add(`${page.store} ${match[0].replaceAll("&amp;", "&")}`);
    }
  }
  for (const image of images) {
    const [store, pathname] = image.split(" ") as [string, string];
    // Chromium's Accept, so the variant it will ask for (AVIF/WebP) is the one made now.
    await get(port, store, pathname, "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8");
  }
  return images.size;
}

interface FailingAudit {
  id: string;
  title: string;
  category: CategoryId;
  /** Its weight in the category score: 0 for performance diagnostics and insights. */
  weight: number;
  score: number | null;
  displayValue?: string;
}

interface RunSummary {
  scores: Record<CategoryId, number | null>;
  metrics: { fcpMs?: number; lcpMs?: number; tbtMs?: number; cls?: number; speedIndexMs?: number };
  /**
   * What the browser really saw on this machine, unthrottled: when the first paint came late
   * (a loaded machine), more of the page counts as render-blocking in the simulation.
   */
  observed: { fcpMs?: number; domContentLoadedMs?: number };
  /** Lighthouse's measure of this machine's speed at the time (lower is slower). */
  benchmarkIndex: number;
  loadAverage: number;
  failing: FailingAudit[];
  runWarnings: string[];
}

/**
 * Audits that count against a category: a pass/fail audit that failed, or a scored one below
 * Lighthouse's own "passed" line (0.9). Informative, manual and not-applicable ones never do.
 */
function failingAudits(lhr: Result): FailingAudit[] {
  const failing: FailingAudit[] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit) continue;
      const mode = audit.scoreDisplayMode;
      const failed =
        mode === "error" ||
        (mode === "binary" && audit.score !== 1) ||
        ((mode === "numeric" || mode === "metricSavings") && audit.score !== null && audit.score < 0.9);
      if (failed) {
        failing.push({
          id: audit.id,
          title: audit.title,
          category,
          weight: ref.weight,
          score: audit.score,
          ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
        });
      }
    }
  }
  return failing;
}

function summarize(lhr: Result): RunSummary {
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, lhr.categories[id]?.score ?? null]),
  ) as Record<CategoryId, number | null>;
  const numeric = (id: string) => lhr.audits[id]?.numericValue;
  const metricsDetails = lhr.audits.metrics?.details;
  const observedMetrics =
    metricsDetails?.type === "debugdata"
      ? (metricsDetails.items?.[0] as Record<string, number | undefined> | undefined)
      : undefined;
  return {
    scores,
    metrics: {
      fcpMs: numeric("first-contentful-paint"),
      lcpMs: numeric("largest-contentful-paint"),
      tbtMs: numeric("total-blocking-time"),
      cls: numeric("cumulative-layout-shift"),
      speedIndexMs: numeric("speed-index"),
    },
    observed: {
      fcpMs: observedMetrics?.observedFirstContentfulPaint,
      domContentLoadedMs: observedMetrics?.observedDomContentLoaded,
    },
    benchmarkIndex: lhr.environment.benchmarkIndex,
    loadAverage: os.loadavg()[0]!,
    failing: failingAudits(lhr),
    runWarnings: lhr.runWarnings,
  };
}

/** One Lighthouse run in a fresh browser; a run that fails (a busy machine can time out) is tried once more. */
async function audit(url: string): Promise<Result> {
  try {
    return await auditOnce(url);
  } catch (error) {
    console.warn(`Lighthouse failed on ${url} (${error instanceof Error ? error.message : error}); retrying`);
    return auditOnce(url);
  }
}

async function auditOnce(url: string): Promise<Result> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    // Lighthouse's defaults: mobile form factor and screen, simulated slow-4G and 4× CPU throttling.
    const flags: Flags = { port: chrome.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES };
    const result = await lighthouse(url, flags);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    return lhr;
  } finally {
    chrome.kill();
  }
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(", ");

async function main() {
  const pages = selected(
    PAGES.map((page) => page.name),
    process.env.LIGHTHOUSE_PAGES,
  ).map((name) => PAGES.find((page) => page.name === name)!);
  const locales = selected(LOCALES, process.env.LIGHTHOUSE_LOCALES);
  const targets = pages.flatMap((page) => locales.map((locale) => ({ page, locale })));

  buildIfStale();
  const server = await startServer("lighthouse");
  let caddy: RunningCaddy | undefined;
  if (EDGE === "caddy") caddy = await startCaddy({ appPort: server.port });
  else if (!process.env.LIGHTHOUSE_EDGE) console.warn("No /usr/bin/caddy: auditing the node server directly");
  const origin = (store: string) =>
    caddy ? `https://${store}.localhost:${caddy.httpsPort}` : `http://${store}.localhost:${server.port}`;
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const reportsDir = path.join(RESULTS_DIR, `lighthouse-${stamp}`);
  mkdirSync(reportsDir, { recursive: true });
  const loadBefore = loadAverage();

  try {
    const warmed = await warmUp(server.port, targets);
    // One unrecorded run, so no recorded one pays for the first start of Chromium and Lighthouse.
    const first = targets[0]!;
    await audit(`${origin(first.page.store)}${pagePath(first.page, first.locale)}`);
    console.log(`Warmed ${targets.length} pages and ${warmed} image variants; load average ${loadBefore}`);

    let versions: { lighthouse: string; userAgent: string } | undefined;
    const urlOf = ({ page, locale }: (typeof targets)[number]) =>
      `${origin(page.store)}${pagePath(page, locale)}`;
    // Round by round across all pages rather than page by page, so a burst of other work on the
    // machine lands on one run of several pages instead of every run of one page.
    const runsOf = targets.map(() => [] as { summary: RunSummary; lhr: Result }[]);
    for (let run = 1; run <= RUNS; run++) {
      for (const [index, target] of targets.entries()) {
        // A run against a server that has gone away measures Chromium's error page: say so instead.
        const lhr = await audit(urlOf(target)).catch((error: unknown) => {
          throw new Error(server.exited() ?? (error instanceof Error ? error.message : String(error)));
        });
        const exited = server.exited();
        if (exited) throw new Error(exited);
        const summary = summarize(lhr);
        versions ??= { lighthouse: lhr.lighthouseVersion, userAgent: lhr.environment.hostUserAgent };
        runsOf[index]!.push({ summary, lhr });
        console.log(
          `${target.page.name} ${target.locale} run ${run}/${RUNS}: ${CATEGORIES.map(
            (id) => `${id} ${Math.round((summary.scores[id] ?? 0) * 100)}`,
          ).join(
            ", ",
          )} (first paint seen at ${summary.observed.fcpMs?.toFixed(0) ?? "?"} ms, load ${loadAverage()})`,
        );
      }
    }

    const results = [];
    for (const [index, target] of targets.entries()) {
      const { page, locale } = target;
      const url = urlOf(target);
      const runs = runsOf[index]!;
      const scores = Object.fromEntries(
        CATEGORIES.map((id) => [
          id,
          median(runs.map((run) => run.summary.scores[id]).filter((score) => score !== null)),
        ]),
      ) as Record<CategoryId, number | null>;
      // The run whose performance score is the median stands for the page (its full report is kept).
      const byPerformance = [...runs].sort(
        (a, b) => (a.summary.scores.performance ?? 0) - (b.summary.scores.performance ?? 0),
      );
      const medianRun = byPerformance[Math.floor((byPerformance.length - 1) / 2)]!;
      const reportFile = path.join(reportsDir, `${page.name}-${locale}.json`);
      writeFileSync(reportFile, JSON.stringify(medianRun.lhr));

      // Every audit that failed in any run, with how many runs it failed in.
      const failing = new Map<string, FailingAudit & { runs: number }>();
      for (const run of runs) {
        for (const item of run.summary.failing) {
          const key = `${item.category} ${item.id}`;
          const seen = failing.get(key);
          failing.set(key, seen ? { ...seen, runs: seen.runs + 1 } : { ...item, runs: 1 });
        }
      }
      const metricMedian = (key: keyof RunSummary["metrics"]) =>
        median(runs.map((run) => run.summary.metrics[key]).filter((value) => value !== undefined));
      results.push({
        page: page.name,
        locale,
        url,
        scores,
        withinBudget: CATEGORIES.every((id) => (scores[id] ?? 0) >= BUDGET[id]),
        metrics: {
          fcpMs: metricMedian("fcpMs"),
          lcpMs: metricMedian("lcpMs"),
          tbtMs: metricMedian("tbtMs"),
          cls: metricMedian("cls"),
          speedIndexMs: metricMedian("speedIndexMs"),
        },
        runs: runs.map(({ summary: { failing: _failing, runWarnings: _warnings, ...run } }) => run),
        // What costs points first; weightless diagnostics and insights after.
        failing: [...failing.values()].sort((a, b) => b.weight - a.weight),
        runWarnings: [...new Set(runs.flatMap((run) => run.summary.runWarnings))],
        report: path.relative(process.cwd(), reportFile),
      });
    }
    const loadAfter = loadAverage();

    const percent = (score: number | null) => (score === null ? "–" : String(Math.round(score * 100)));
    const header = ["page", "locale", ...CATEGORIES, "FCP ms", "LCP ms", "TBT ms", "CLS", "budget"];
    const table = results.map((result) => [
      result.page,
      result.locale,
      ...CATEGORIES.map(
        (id) => `${percent(result.scores[id])}${(result.scores[id] ?? 0) >= BUDGET[id] ? "" : " ✗"}`,
      ),
      result.metrics.fcpMs === null ? "–" : result.metrics.fcpMs.toFixed(0),
      result.metrics.lcpMs === null ? "–" : result.metrics.lcpMs.toFixed(0),
      result.metrics.tbtMs === null ? "–" : result.metrics.tbtMs.toFixed(0),
      result.metrics.cls === null ? "–" : result.metrics.cls.toFixed(3),
      result.withinBudget ? "ok" : "MISSED",
    ]);
    console.log(
      `\nMedian of ${RUNS} run(s) per page (mobile, simulated throttling, ${CHROMIUM}` +
        `${process.env.LIGHTHOUSE_CHROME_FLAGS ? ` ${process.env.LIGHTHOUSE_CHROME_FLAGS}` : ""}, ` +
        `${caddy ? "through Caddy: HTTPS, HTTP/2" : "node server directly: HTTP/1.1"})\n`,
    );
    console.log(formatTable(header, table));
    console.log(
      `\nBudget: ${CATEGORIES.map((id) => `${id} ≥ ${BUDGET[id] * 100}`).join(", ")}.` +
        `\nLoad average (1, 5, 15 min) on ${os.availableParallelism()} cores: ${loadBefore} before, ${loadAfter} after.`,
    );

    for (const result of results) {
      if (result.failing.length === 0 && result.runWarnings.length === 0) continue;
      console.log(`\n${result.page} ${result.locale} (${result.url}):`);
      for (const item of result.failing) {
        const score = item.score === null ? "" : ` score ${percent(item.score)}`;
        const value = item.displayValue ? ` — ${item.displayValue}` : "";
        const weight = item.weight === 0 ? ", no weight in the score" : "";
        console.log(
          `  [${item.category}] ${item.id}: ${item.title}${score}${value} (${item.runs}/${RUNS} runs${weight})`,
        );
      }
      for (const warning of result.runWarnings) console.log(`  warning: ${warning}`);
    }

    const file = path.join(RESULTS_DIR, `lighthouse-${stamp}.json`);
    writeFileSync(
      file,
      JSON.stringify(
        {
          date: new Date().toISOString(),
          commit: currentCommit(),
          node: process.version,
          lighthouse: versions?.lighthouse,
          chromium: { path: CHROMIUM, userAgent: versions?.userAgent, flags: CHROME_FLAGS },
          cpus: os.availableParallelism(),
          loadAverage: { before: loadBefore, after: loadAfter },
          runsPerPage: RUNS,
          edge: EDGE,
          budget: BUDGET,
          pages: results,
        },
        null,
        2,
      ),
    );
    console.log(
      `\nResults written to ${path.relative(process.cwd(), file)} (full reports in ${path.relative(process.cwd(), reportsDir)}/)`,
    );

    const missed = results.filter((result) => !result.withinBudget);
    if (missed.length > 0) {
      console.error(
        `Budget missed on: ${missed.map((result) => `${result.page} ${result.locale}`).join(", ")}`,
      );
      process.exitCode = 1;
    }
  } finally {
    await caddy?.stop();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
