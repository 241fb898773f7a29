/**
 * The generated route matrix (issue 8): every route of the app's own manifest, every method, odd
 * bodies and every form field filled from a fixed corpus of bad values, as an anonymous visitor,
 * a shopper and an admin of store A. Rules:
 * - never 5xx, never a redirect off the site;
 * - a rejected (4xx) write changes no tenant table;
 * - store B's ids or store B's session on store A's host → 404/403/login, nothing of B shown;
 * - stored script/markup comes back as text only, in pages and in emails.
 * It fails with the full list of broken (route, method, input, identity, status).
 * A form several identities see gets the whole corpus once and a lean one (LEAN_VALUES, plus
 * store B's ids) from the others.
 *
 * What a probe costs is the app answering it (~43 ms), so the matrix sends only probes that can
 * reach code no other probe reaches (issue 32, session 22: a third fewer requests): a store form's
 * fields get each bad input all at once, then together, and alone only where that did not settle
 * them (probeFields says why that proves the same); each odd body goes once per route, each write
 * method once (ODD_BODIES: the app reads a request's method only where METHOD_READERS says), and
 * HEAD/OPTIONS as the visitor only; bad redirectTo values go only where a harmless one is passed
 * on (REDIRECT_MARKER). A broken rule still names route, method, input (the field), identity, status.
 * A field's lone posts to a form on its own page go as the page's script sends them (single fetch:
 * the action answers, no page is rendered after it; probeFields says why that proves the same):
 * the store forms phase took 84 s of a 120 s shard, a page's render after each post most of it.
 *
 * Requests go through Remix's request handler in-process, with the load context server.ts would
 * build; the Origin header is same-origin so writes reach the route code (the cross-origin check
 * lives in server.ts, before Remix). TRACE cannot be sent this way (fetch forbids the method):
 * server.ts must answer it before Remix.
 *
 * The matrix runs as shards (tests/integration/route-matrix-*.test.ts), one test file and one
 * database each, so the two test workers share it: every shard reads every page (to find its
 * forms) and renders every page after the stored markup; the probes of a route or a form run in
 * exactly one shard (its index modulo the shard count), the platform host's in shard 0.
 * Reading the other shard's pages is cheap: on PostgreSQL (issue 32, load 6) shard 0's 120 reads
 * of shard 1's pages took 7.3 s and its whole render-after-markup phase 6.2 s, of a 311 s pass;
 * the time is in the probes (store A's routes 141 s, forms 118 s, the platform's 45 s), each a
 * full request through the app. Forms are keyed by ids that differ per database (each shard seeds
 * its own), so reading only its own pages would need the shards to share a seeded copy and their
 * form lists: not worth ~4 %.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, sep } from "node:path";
import type { AppLoadContext } from "@remix-run/node";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { rowsOf } from "~/db/client.server";
import { DEMO_ACCOUNTS } from "~/db/seed";
import { users } from "~/db/schema";
import type { GuardedHandler } from "~/http/handlers.server";
import { allows, PRESET_PERMISSIONS, STAFF_PRESETS, type StaffPreset } from "~/lib/permissions";
import { seedDemo } from "~/db/seed";
import { createLoadContext } from "~/http/load-context.server";
import { INTENT_FIELD } from "~/lib/form-value";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { resolveTenantUncached, type Tenant } from "~/services/store/tenancy.server";
import { createTestDb, type TestDb } from "../db";
import { staffCookie, userCookie } from "../sessions";
import { loadApp, type AppRoute, type LoadedApp } from "./app";
import { changedTables, installWriteCounter, tenantChecksum, writeMark } from "./checksum";
import { BAD_REDIRECTS, BAD_VALUES, FORGED_FIELDS, STORED_MARKUP } from "./corpus";
import { MATRIX_STORES } from "./demo";
import { answerWithin, Stalled } from "./hang";
import { dataAnswer, dataPath } from "./single-fetch";
import { ANSWER_FORMS, formsOf, type PageForm } from "./forms";
import { ADMIN_FORM_PAGES, idParamFor } from "./pages";

const HOST_A = "dyes.localhost:3000";
const HOST_B = "inks.localhost:3000";
const PLATFORM = "localhost:3000";
const METHODS_WITHOUT_BODY = ["GET", "HEAD", "OPTIONS"] as const;
const METHODS_WITH_BODY = ["POST", "PUT", "PATCH", "DELETE"] as const;

let db: TestDb;
let app: LoadedApp;
const tenants = new Map<string, Tenant>();

/** Store A's and B's demo data the matrix fills parameters from. */
interface StoreData {
  id: string;
  name: string;
  productId: string;
  productSlug: string;
  categorySlug: string;
  /** The top-level category `categorySlug` names (it has products). */
  categoryId: string;
  /** One of the store's sales (the first to start). */
  saleId: string;
  /** One of the store's discount codes (the first made), or null. */
  discountCodeId: string | null;
  /** One of the store's reviews (a published one with the store's reply when there is one). */
  reviewId: string;
  /** A product with options (its variants' forms), the first by slug. */
  variantProductId: string | null;
  /** The store's first shipping zone (matching order) and that zone's first rate (issue 33). */
  shippingZoneId: string | null;
  shippingRateId: string | null;
  /** One of the store's custom staff roles (the first by name), or null. */
  staffRoleId: string | null;
  /** The store's first webhook subscription (issue 38), or null. */
  webhookId: string | null;
  /** An order with a tax invoice (issue 35), the matrix shopper's when they have one; or null. */
  invoiceOrderNumber: number | null;
  /** An order with something left to refund (issue 37), the matrix shopper's first; or null. */
  refundOrderNumber: number | null;
  /** A credit note (issue 35 item 6): its order's number and its own, the matrix shopper's first; or null. */
  creditNoteOrderNumber: number | null;
  creditNoteNumber: number | null;
  subSlug: string;
  /** Product names of this store that the other store does not have. */
  ownNames: string[];
  shopperId: string;
  adminId: string;
  adminEmail: string;
}
let A: StoreData;
let B: StoreData;
const cookies: Record<string, string> = {};

type Identity = "anonymous" | "shopper" | "admin";
const IDENTITIES: Identity[] = ["anonymous", "shopper", "admin"];

interface Probe {
  route: string;
  method: string;
  input: string;
  identity: string;
  host: string;
  path: string;
  cookie?: string;
  contentType?: string;
  body?: BodyInit;
  /**
   * Sent as the browser's script sends a form (Remix's single fetch: `<path>.data`): the action
   * alone answers, in turbo-stream, and no page is rendered after it (see `dataPath`).
   */
  data?: boolean;
}

interface Outcome {
  status: number;
  location: string | null;
  body: string;
}

const DEMO_SHOPPER = DEMO_ACCOUNTS.find((account) => account.role === "shopper" && account.store === "dyes")!;

const failures: string[] = [];
let requestCount = 0;
/** probeFields's posts by step: every field at once, the fields that took it together, alone. */
const fieldPosts = { together: 0, group: 0, alone: 0 };
/** Lone posts sent as single-fetch data posts, and the pages rendered after the accepted ones. */
let dataPosts = 0;
let pagesAfterDataPosts = 0;
/** Where the matrix's time goes: the app answering, and the write checks around it. */
const spent = { handle: 0, checks: 0, checksums: 0 };
/** The app's answering time per route (or form), to name the costliest in the summary. */
const spentByRoute = new Map<string, { ms: number; requests: number }>();
async function timedCheck<T>(work: () => Promise<T>): Promise<T> {
  const from = performance.now();
  try {
    return await work();
  } finally {
    spent.checks += performance.now() - from;
  }
}
let addressCounter = 0;
let baseline: { mark: string; sum: Record<string, string> } | null = null;
/** What the app last logged with console.error: the cause, shown next to a 5xx. */
let lastServerError = "";

function fail(probe: Probe, status: number | string, rule: string) {
  const input = probe.input.length > 80 ? `${probe.input.slice(0, 80)}…` : probe.input;
  failures.push(
    `${probe.route} ${probe.method} ${probe.path.slice(0, 80)} [${input}] as ${probe.identity} → ${status}: ${rule}`,
  );
}

function describeLogged(args: unknown[]): string {
  return args
    .map((arg) =>
      arg instanceof Error
        ? arg.message
        : typeof arg === "object"
          ? String((arg as { data?: unknown }).data ?? "")
          : String(arg),
    )
    .join(" ")
    .replace(/\s+/g, " ")
    .slice(0, 200);
}

/** A new client address per request, so rate limits never stand in for the rule under test. */
function nextAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

async function contextFor(host: string, url: URL, cookie: string | null): Promise<AppLoadContext> {
  const hostname = host.split(":")[0]!;
  let tenant = tenants.get(hostname);
  if (!tenant) {
    tenant = await resolveTenantUncached(db, hostname, "localhost");
    tenants.set(hostname, tenant);
  }
  // As server.ts does: a new `shared` per request (a GET's loaders read the session once).
  return {
    ...(await createLoadContext({ url, cookieHeader: cookie, tenant, clientAddress: nextAddress() })),
    shared: {},
  };
}

/**
 * A phase has no wall-clock limit: on a busy machine it is slow, and a fixed limit (400 s, until
 * issue 32) failed a healthy pass there; worse, vitest does not stop a timed-out test, so the
 * next phase ran beside the unfinished one and reported its writes as "rejected but changed
 * sessions". What the limit was for, a request that never answers, is caught per request: one
 * still unanswered after REQUEST_HANG_MS has hung (answers average ~45 ms at a load of 6 on two
 * cores). It fails its phase, naming the probe, and no later phase starts beside it.
 */
const REQUEST_HANG_MS = 120_000;
/** The probe that hung, once one has. */
let stalled: string | null = null;

const isWrite = (method: string) => !(METHODS_WITHOUT_BODY as readonly string[]).includes(method);

/** Sends one probe and applies the rules every request must keep. */
async function send(probe: Probe): Promise<Outcome> {
  const url = new URL(probe.path, `http://${probe.host}`);
  // Host as a browser sends it: Remix compares it with Origin before running an action.
  const headers = new Headers({ Host: url.host, Origin: url.origin, "Sec-Fetch-Site": "same-origin" });
  if (probe.cookie) headers.set("Cookie", probe.cookie);
  if (probe.contentType) headers.set("Content-Type", probe.contentType);
  const write = isWrite(probe.method);
  if (write) {
    const mark = await timedCheck(() => writeMark(db));
    if (baseline?.mark !== mark) {
      spent.checksums += 1;
      baseline = { mark, sum: await timedCheck(() => tenantChecksum(db)) };
    }
  }
  requestCount += 1;
  lastServerError = "";
  if (requestCount % 250 === 0)
    console.log(`route matrix: ${requestCount} requests, ${failures.length} broken`);
  let outcome: Outcome;
  try {
    const from = performance.now();
    const request = new Request(url, { method: probe.method, headers, body: write ? probe.body : undefined });
    const response = await answerWithin(
      app.handle(request, await contextFor(probe.host, url, probe.cookie ?? null)),
      REQUEST_HANG_MS,
      `${probe.route} ${probe.method} ${probe.path.slice(0, 80)} [${probe.input.slice(0, 80)}] as ${probe.identity}`,
    );
    // A CSV download is never rendered (the activity log's export carries stored values as
    // text, markup included): the "markup rendered as HTML" rule is for what a browser renders.
    const download =
      /^text\/csv\b/.test(response.headers.get("Content-Type") ?? "") &&
      /^attachment\b/.test(response.headers.get("Content-Disposition") ?? "");
    outcome = probe.data
      ? { ...(await dataAnswer(response)), body: "" }
      : {
          status: response.status,
          location: response.headers.get("Location"),
          body: probe.method === "HEAD" || download ? "" : await response.text(),
        };
    const ms = performance.now() - from;
    spent.handle += ms;
    const route = spentByRoute.get(probe.route) ?? { ms: 0, requests: 0 };
    spentByRoute.set(probe.route, { ms: route.ms + ms, requests: route.requests + 1 });
  } catch (error) {
    if (error instanceof Stalled) {
      stalled = error.probe;
      throw error;
    }
    fail(probe, "threw", String(error).slice(0, 200));
    return { status: 599, location: null, body: "" };
  }
  const { status, location, body } = outcome;
  if (status >= 500) fail(probe, status, `server error: ${lastServerError}`);
  if (location !== null) {
    const target = new URL(location, url);
    // The one cross-host redirect: a new store's owner handed from the platform to its host.
    const handoff =
      url.host === PLATFORM &&
      target.pathname.startsWith("/handoff/") &&
      target.host.endsWith(`.${PLATFORM}`);
    if (target.host !== url.host && !handoff) fail(probe, status, `redirect off the site to ${location}`);
  }
  if (body.includes("<script>alert(1)") || body.includes("<b>x</b>"))
    fail(probe, status, "markup rendered as HTML");
  if (write && baseline) {
    // A write's emails go out after its commit and mark their outbox rows sent: that change is
    // this request's, not the next one's (a refused probe after an invitation was resent).
    await app.settled();
    const mark = await timedCheck(() => writeMark(db));
    if (mark !== baseline.mark) {
      spent.checksums += 1;
      const sum = await timedCheck(() => tenantChecksum(db));
      if (status >= 400 && status < 500) {
        const changed = changedTables(baseline.sum, sum);
        if (changed.length > 0) fail(probe, status, `rejected but changed ${changed.join(", ")}`);
      }
      baseline = { mark, sum };
    }
  }
  return outcome;
}

/** A route's path with its parameters filled from one store's data ("?index" for index routes). */
function pathFor(route: AppRoute, data: StoreData): string {
  const own = idParamFor(route.path, data);
  // An invoice's page and its PDF (issue 35) are the invoice of an order that has one.
  const invoice = /\/:number\/invoice(\.pdf)?$/.test(route.path) && data.invoiceOrderNumber !== null;
  // The refund form (issue 37) is an order's with something left; a credit note's page its own.
  const refund = /\/:number\/refund$/.test(route.path) && data.refundOrderNumber !== null;
  const note = /\/:number\/credit-notes\/:n$/.test(route.path) && data.creditNoteOrderNumber !== null;
  const filled = (own ? route.path.replace(/:id\b/, own) : route.path)
    .replace(/:n$/, note ? String(data.creditNoteNumber) : ":n")
    .replace(
      /:number/,
      invoice
        ? String(data.invoiceOrderNumber)
        : refund
          ? String(data.refundOrderNumber)
          : note
            ? String(data.creditNoteOrderNumber)
            : ":number",
    )
    .replace(/:slug/, route.path.startsWith("/categories") ? data.categorySlug : data.productSlug)
    .replace(/:sub/, data.subSlug)
    .replace(/:token/, "matrix-token-that-does-not-exist-0000000000")
    .replace(/:rateId/, data.shippingRateId ?? data.productId)
    .replace(/:[A-Za-z]+/g, data.productId)
    .replace(/\*$/, "matrix/nowhere");
  return filled;
}

/** A route's path with every parameter set to one raw value (encoded as a browser would). */
function pathWithEvery(route: AppRoute, value: string): string {
  const encoded = encodeURIComponent(value);
  return route.path.replace(/:[A-Za-z]+/g, encoded).replace(/\*$/, encoded);
}

/**
 * The odd bodies a route gets per identity (issue 32): each body once, and each write method
 * once. Remix hands POST, PUT, PATCH and DELETE alike to a route's action, and the app reads a
 * request's method only where METHOD_READERS says: a route that does not (directly or through
 * one of them) runs the same code whichever write method carries a body, so the method × body
 * cross the matrix sent until then (10 requests) proved no more than these 5.
 */
const FORM = "application/x-www-form-urlencoded";
const BROKEN_MULTIPART = {
  input: "broken multipart",
  contentType: "multipart/form-data; boundary=matrix",
  body: '--matrix\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
};
const JSON_BODY = {
  input: "JSON body",
  contentType: "application/json",
  body: '{"intent":"add","email":"a@b.c"}',
};
const ODD_BODIES: ReadonlyArray<Omit<Probe, "route" | "identity" | "host" | "path">> = [
  { method: "POST", input: "empty form", contentType: FORM, body: "" },
  { method: "POST", ...JSON_BODY },
  { method: "PUT", input: "no body" },
  { method: "PATCH", ...BROKEN_MULTIPART },
  { method: "DELETE", input: "empty form", contentType: FORM, body: "" },
];
/** The whole cross, for a route that reads the method: every method with an empty form and JSON. */
const ODD_BODIES_EVERY_METHOD: ReadonlyArray<Omit<Probe, "route" | "identity" | "host" | "path">> = [
  ...METHODS_WITH_BODY.map((method) => ({ method, input: "empty form", contentType: FORM, body: "" })),
  ...METHODS_WITH_BODY.map((method) => ({ method, ...JSON_BODY })),
  { method: "POST", input: "no body" },
  { method: "POST", ...BROKEN_MULTIPART },
];

/**
 * Every module of app/ outside app/routes that reads an HTTP request's method, and the module
 * specifier a route imports it by when that route must get every write method (null: it treats
 * all write methods alike). A route module is read itself. A new reader fails the first phase
 * until it is listed here, so ODD_BODIES's premise cannot go stale unseen.
 */
const METHOD_READERS: Readonly<Record<string, string | null>> = {
  // GET and HEAD share the request's loader context; every write method gets its own.
  "app/http/guards.server.ts": null,
  // apiAction answers anything but POST 405: its routes get the whole cross.
  "app/http/api.server.ts": "~/http/api.server",
  // A refund request's payment method, not an HTTP method.
  "app/services/orders/refunds.server.ts": null,
};
const READS_METHOD =
  /\b(request|req)\.method\b|\bmethod\s*[!=]==?\s*["'](GET|HEAD|OPTIONS|POST|PUT|PATCH|DELETE)["']/;

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourcesUnder(join(dir, entry.name))
      : /\.tsx?$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );
}

/** app/'s modules outside app/routes that read the method but are not in METHOD_READERS. */
function unlistedMethodReaders(): string[] {
  return sourcesUnder("app")
    .filter((file) => !file.startsWith(join("app", "routes")))
    .filter((file) => READS_METHOD.test(readFileSync(file, "utf8")))
    .filter((file) => !(file.split(sep).join("/") in METHOD_READERS));
}

/** Whether a route's module reads the method, itself or through a listed reader it imports. */
function readsMethod(route: AppRoute): boolean {
  const file = [".tsx", ".ts"].map((ext) => `app/${route.id}${ext}`).find((path) => existsSync(path));
  if (!file) return true;
  const source = readFileSync(file, "utf8");
  return (
    READS_METHOD.test(source) ||
    Object.values(METHOD_READERS).some((specifier) => specifier !== null && source.includes(`"${specifier}"`))
  );
}

/**
 * A harmless redirectTo, which a page that uses the one it is given passes on as a whole value:
 * as its Location (a signed-in visitor on /login), a query value of its Location, or a quoted
 * value in the page (a hidden field, the loader's data). The matrix sends it to every route as
 * every identity, and BAD_REDIRECTS only where it comes back: a page that does not pass a plain
 * same-site path on does not redirect to the query's target, so BAD_REDIRECTS there (6 requests
 * per route and identity until issue 32) proved nothing the marker does not. Inside the page's
 * own address (a theme switch's or sign-in link's way back, a guard's redirect to /login) it is
 * not passed on: it follows `?redirectTo=`, not a quote, and /login's own probes cover that way.
 */
const REDIRECT_MARKER = "/matrix-redirect-marker";
function echoesMarker({ location, body }: Outcome): boolean {
  const encoded = encodeURIComponent(REDIRECT_MARKER);
  const target = location === null ? "" : new URL(location, "http://x").pathname;
  return (
    target === REDIRECT_MARKER ||
    new RegExp(`=${encoded}(&|$)`).test(location ?? "") ||
    body.includes(`"${REDIRECT_MARKER}"`)
  );
}

const withIndex = (route: AppRoute, path: string) =>
  route.index ? `${path}${path.includes("?") ? "&" : "?"}index` : path;

/**
 * A form's fields as a submission sends them: not its list buttons (conform's `__intent__`),
 * which add, remove or move a row and save nothing (ADR 012). A browser sends only the button
 * pressed; with one of them in every probe, each probe would be a round trip that saves nothing.
 */
const submitted = (form: PageForm) => form.fields.filter(([name]) => name !== INTENT_FIELD);

/** Replaced by a new address in every request, so "already registered" never hides a rule. */
const PLAUSIBLE_EMAIL = "matrix@example.com";

/** A plausible value for a field, so a probe breaks only the one field it is about. */
function plausible(name: string, rendered: string): string {
  if (rendered !== "" || name === HONEYPOT_FIELD) return rendered;
  const n = name.toLowerCase();
  if (n.includes("email")) return PLAUSIBLE_EMAIL;
  if (n.includes("password")) return "Matrix-password-1";
  if (n.includes("rating") || n.includes("quantity")) return "3";
  if (n.includes("redirect")) return "/";
  // The settings page's time zone is a <select>: no value attribute for the regexes to read.
  if (n === "timezone") return "Asia/Riyadh";
  return "Matrix text";
}

/**
 * One entry per identity, action and field names. A no-JavaScript confirmation page
 * (`?confirm=delete-…`) shows the list's or the record's own forms again, posting to the same
 * route with the same fields plus that query: the same action, so they are probed once (they
 * were ~5 % of the matrix's requests). A confirmation's own form has its own fields and stays.
 */
function formKey(identity: string, form: PageForm): string {
  return `${identity} ${formShape(form)}`;
}

/** A form's action and field names, whoever sees it. */
function formShape(form: PageForm): string {
  const action = new URL(form.action, "http://x");
  action.searchParams.delete("confirm");
  return `${action.pathname}${action.search} ${form.fields.map(([n]) => n).join(",")}`;
}

/**
 * The identity that feeds a form seen by several (the header's search, a product page's add to
 * cart…) the whole corpus: the shopper's, else the visitor's, else the admin's. The others get
 * LEAN_VALUES: the same parsing runs behind every guard, so what their probes add is the guard's
 * answer to a bad body, which a few values show as well as thirteen.
 */
const CORPUS_PRIORITY: Identity[] = ["shopper", "anonymous", "admin"];
const LEAN_VALUES = BAD_VALUES.filter(([label]) => ["empty", "100 KB", "NUL", "1e309"].includes(label));

function corpusOwners(entries: Iterable<{ identity: Identity; form: PageForm }>): Map<string, Identity> {
  const owners = new Map<string, Identity>();
  for (const { identity, form } of entries) {
    const shape = formShape(form);
    const current = owners.get(shape);
    if (!current || CORPUS_PRIORITY.indexOf(identity) < CORPUS_PRIORITY.indexOf(current))
      owners.set(shape, identity);
  }
  return owners;
}

/**
 * Fields an all-at-once post keeps valid, each probed alone (see probeFields): `intent` picks the
 * action's path and the honeypot turns a post away; a hidden input (a record's id, a token) is
 * what the page itself set, and no answer marks it invalid (it has no aria-invalid to show).
 */
const aloneOnly = (form: PageForm) => new Set(["intent", HONEYPOT_FIELD, ...(form.hidden ?? [])]);

/** One bad input for a field: how a form's fields change when `name` gets it. */
interface FieldInput {
  label: string;
  apply: (fields: Array<[string, string]>, name: string) => Array<[string, string]>;
}
const valueInput = ([label, value]: readonly [string, string]): FieldInput => ({
  label: `=${label}`,
  apply: (fields, name) => fields.map(([n, v]): [string, string] => [n, n === name ? value : v]),
});
/** The corpus's values, then the field sent as a list (`name[]`, which conform drops) and twice. */
const fieldInputs = (corpus: ReadonlyArray<readonly [string, string]>): FieldInput[] => [
  ...corpus.map(valueInput),
  {
    label: "[]=",
    apply: (fields, name) => [...fields.filter(([n]) => n !== name), [`${name}[]`, "1"], [`${name}[]`, "2"]],
  },
  { label: " twice", apply: (fields, name) => [...fields, [name, "Matrix other"]] },
];

/** The names of the controls a page marks invalid (aria-invalid="true"). */
function invalidFields(html: string): Set<string> {
  const names = new Set<string>();
  for (const [tag] of html.matchAll(/<(input|textarea|select)\b[^>]*>/g)) {
    if (!/\saria-invalid="true"/.test(tag)) continue;
    const name = /\sname="([^"]*)"/.exec(tag)?.[1];
    if (name) names.add(name.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#x27;", "'"));
  }
  return names;
}

const pathOf = (target: string) => new URL(target, "http://matrix").pathname;

const urlencoded = (fields: Array<[string, string]>) => new URLSearchParams(fields).toString();

/** Forms on a page that post somewhere, each with its action resolved against the page. */
function postForms(html: string, pagePath: string): PageForm[] {
  return formsOf(html)
    .filter((form) => form.method === "post")
    .map((form) => ({
      ...form,
      action:
        new URL(form.action || pagePath, "http://x").pathname +
        new URL(form.action || pagePath, "http://x").search,
    }));
}

const STORE_DATA_SQL = (slug: string) => sql`
  select s.id, s.name,
    (select id from products p where p.store_id = s.id and p.active order by p.slug limit 1) as "productId",
    (select slug from products p where p.store_id = s.id and p.active order by p.slug limit 1) as "productSlug",
    (select c.slug from categories c where c.store_id = s.id and c.parent_id is null order by c.slug limit 1) as "categorySlug",
    (select c.id from categories c where c.store_id = s.id and c.parent_id is null order by c.slug limit 1) as "categoryId",
    (select id from sales x where x.store_id = s.id order by x.starts_at, x.id limit 1) as "saleId",
    (select id from discount_codes d where d.store_id = s.id order by d.created_at, d.id limit 1) as "discountCodeId",
    (select p.id from products p where p.store_id = s.id
      and exists (select 1 from product_options o where o.store_id = p.store_id and o.product_id = p.id)
      order by p.slug limit 1) as "variantProductId",
    (select id from shipping_zones z where z.store_id = s.id order by z.position, z.id limit 1) as "shippingZoneId",
    (select r.id from shipping_rates r where r.store_id = s.id and r.zone_id =
      (select id from shipping_zones z where z.store_id = s.id order by z.position, z.id limit 1)
      order by r.position, r.id limit 1) as "shippingRateId",
    (select id from staff_roles r where r.store_id = s.id order by r.name, r.id limit 1) as "staffRoleId",
    (select id from webhook_subscriptions w where w.store_id = s.id order by w.created_at, w.id limit 1) as "webhookId",
    (select o.number from invoices i join orders o on o.store_id = i.store_id and o.id = i.order_id
      where i.store_id = s.id
      order by o.user_id <> (select id from users u where u.store_id = s.id and not u.is_admin order by u.email limit 1),
        i.number limit 1) as "invoiceOrderNumber",
    (select o.number from orders o where o.store_id = s.id and o.payment_status in ('paid', 'partially_refunded')
      order by o.user_id <> (select id from users u where u.store_id = s.id and not u.is_admin order by u.email limit 1),
        o.number limit 1) as "refundOrderNumber",
    (select o.number from credit_notes c join orders o on o.store_id = c.store_id and o.id = c.order_id
      where c.store_id = s.id
      order by o.user_id <> (select id from users u where u.store_id = s.id and not u.is_admin order by u.email limit 1),
        c.number limit 1) as "creditNoteOrderNumber",
    (select c.number from credit_notes c join orders o on o.store_id = c.store_id and o.id = c.order_id
      where c.store_id = s.id
      order by o.user_id <> (select id from users u where u.store_id = s.id and not u.is_admin order by u.email limit 1),
        c.number limit 1) as "creditNoteNumber",
    (select id from reviews r where r.store_id = s.id
      order by (r.reply is null), (r.status <> 'published'), r.id limit 1) as "reviewId",
    (select c.slug from categories c join categories p on p.store_id = c.store_id and p.id = c.parent_id
      where c.store_id = s.id order by p.slug, c.slug limit 1) as "subSlug",
    (select id from users u where u.store_id = s.id and not u.is_admin order by u.email limit 1) as "shopperId",
    (select id from users u where u.store_id = s.id and u.is_admin and coalesce(u.staff_preset, 'owner') = 'owner' order by u.created_at limit 1) as "adminId",
    (select email from users u where u.store_id = s.id and u.is_admin and coalesce(u.staff_preset, 'owner') = 'owner' order by u.created_at limit 1) as "adminEmail"
  from stores s where s.slug = ${slug}`;

async function storeData(slug: string, other: string): Promise<StoreData> {
  const [row] = rowsOf<Omit<StoreData, "ownNames">>(await db.owner.execute(STORE_DATA_SQL(slug)));
  const names = rowsOf<{ name: string }>(
    await db.owner.execute(sql`
      select p.name_en as name from products p join stores s on s.id = p.store_id where s.slug = ${slug}
      except select p.name_en from products p join stores s on s.id = p.store_id where s.slug = ${other}`),
  );
  return { ...row!, ownNames: names.map((n) => n.name).filter((n) => n.length > 6) };
}

/** Anything of store B in a page served on store A's host. */
function leaksOfB(body: string): string[] {
  // Not B's ids: the probes send those themselves, and an echo of the request is no leak.
  const needles = [B.name, B.adminEmail, ...B.ownNames];
  const escaped = (text: string) => text.replaceAll("&", "&amp;").replaceAll("'", "&#x27;");
  return needles.filter((needle) => body.includes(needle) || body.includes(escaped(needle)));
}

/**
 * Fresh sessions for store A's shopper and admin: a probe may have ended the last ones (POST
 * /logout, a sign-in replacing the session the request carried), and everything after it would
 * silently run as an anonymous visitor.
 */
/** What an admin route's wrapper declared (app/http/handlers.server.ts `GuardedHandler`). */
function guardedOf(routeId: string, kind: "loader" | "action"): GuardedHandler | null {
  const handler = app.build.routes[routeId]?.module[kind] as (GuardedHandler & object) | undefined;
  return handler ?? null;
}

/** The most specific route whose path matches `pathname` (no splat unless nothing else). */
function routeOfPath(pathname: string): AppRoute | null {
  const matching = app.routes.filter((route) => {
    const pattern = route.path
      .split("/")
      .map((part) =>
        part.startsWith(":") ? "[^/]+" : part === "*" ? ".*" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
      )
      .join("/");
    return new RegExp(`^${pattern}/?$`).test(decodeURIComponent(pathname));
  });
  matching.sort(
    (a, b) =>
      Number(a.path.includes("*")) - Number(b.path.includes("*")) ||
      Number(a.path.includes(":")) - Number(b.path.includes(":")) ||
      Number(b.index) - Number(a.index),
  );
  return matching[0] ?? null;
}

/** A session of store A for each preset but the Owner (the admin identity): the demo's packer and support agent, and one user made here for each other preset. */
async function presetSessions(): Promise<Array<[StaffPreset, string]>> {
  const sessions: Array<[StaffPreset, string]> = [];
  for (const preset of STAFF_PRESETS) {
    if (preset === "owner") continue;
    const [existing] = rowsOf<{ id: string }>(
      await db.owner.execute(
        sql`select id from users where store_id = ${A.id} and is_admin and staff_preset = ${preset} order by created_at limit 1`,
      ),
    );
    let id = existing?.id;
    if (!id) {
      const [made] = await db.owner
        .insert(users)
        .values({
          storeId: A.id,
          email: `matrix-${preset}@dyes.test`,
          name: `Matrix ${preset}`,
          isAdmin: true,
          staffPreset: preset,
        })
        .returning({ id: users.id });
      id = made!.id;
    }
    sessions.push([preset, await userCookie(A.id, id, `http://${HOST_A}`)]);
  }
  return sessions;
}

async function refreshSessions() {
  cookies.shopper = await userCookie(A.id, A.shopperId, `http://${HOST_A}`);
  cookies.admin = await userCookie(A.id, A.adminId, `http://${HOST_A}`);
}

export function routeMatrix({ shard, shards }: { shard: number; shards: number }) {
  /** This shard's part of a list that every shard sees in the same order. */
  const mine = (index: number) => index % shards === shard;

  beforeAll(async () => {
    const started = performance.now();
    // The app logs every refused request; keep only the last message, for the failure list.
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      lastServerError = describeLogged(args);
    });
    db = await createTestDb();
    await seedDemo(db, { stores: MATRIX_STORES });
    await installWriteCounter(db);
    const seeded = performance.now();
    app = await loadApp(db);
    console.log(
      `route matrix: seeded in ${((seeded - started) / 1000).toFixed(1)} s, app loaded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    );
    A = await storeData("dyes", "inks");
    B = await storeData("inks", "dyes");
    await refreshSessions();
    cookies.foreignShopper = await userCookie(B.id, B.shopperId, `http://${HOST_B}`);
    cookies.foreignAdmin = await userCookie(B.id, B.adminId, `http://${HOST_B}`);
    const [staff] = rowsOf<{ id: string }>(
      await db.owner.execute(sql`select id from platform_staff limit 1`),
    );
    cookies.staff = await staffCookie(staff!.id, `http://${PLATFORM}`);
  }, 240_000);

  afterAll(async () => {
    await app?.close();
    await db?.dispose();
  });

  /** The forged intent and field names (corpus) added to a valid form: a 400 on every action. */
  async function postForged(
    action: string,
    post: (label: string, fields: Array<[string, string]>) => Promise<Outcome>,
    valid: Array<[string, string]>,
  ) {
    for (const [label, extra] of FORGED_FIELDS) {
      const outcome = await post(label, [...valid, ...extra.map(([n, v]): [string, string] => [n, v])]);
      // An action that needs a signed-in visitor sends an anonymous one to sign in before reading.
      const toSignIn =
        outcome.status >= 300 && outcome.status < 400 && (outcome.location?.startsWith("/login") ?? false);
      if (outcome.status !== 400 && !toSignIn)
        failures.push(
          `POST ${action} ${label}: ${outcome.status}${outcome.location ? ` to ${outcome.location}` : ""}, not 400`,
        );
    }
  }

  /**
   * Every field of a form fed every bad input (a corpus value, sent as a list, sent twice), the
   * others valid. Until issue 32 each field got each input alone, ~15 posts a field (630 for the
   * variant product's edit forms); now, per input, at most three steps:
   * 1. one post with EVERY field given it at once: a field its answer marks invalid
   *    (aria-invalid on its control) is done. Conform builds the submission's value from the
   *    fields and the form's zod object parses each property with that property's own schema,
   *    whatever the others hold, so that field's own schema refuses the input, alone too: its
   *    lone post would stop at the same parse and get the same reply, never reaching the code past
   *    it, where one field's value can break something (a column, a query, a slug, a fetch).
   * 2. one post with the fields left (their schemas took it, or the answer does not say: a form
   *    that answers with a notice) given it together, the others valid: when the action goes
   *    through (below 400, no rule broken), it saved every one of them, so each one's path past
   *    the parse ran with the input, as its lone post's would.
   * 3. otherwise each of them alone: the group was refused past the parse (a refusal caused by one
   *    may stop before another's path), or it broke a rule, and the failure must name the field.
   * What a lone post of a step-1 field could still add: the object's own checks across fields
   * see other values next to it. Those checks compare parsed values and run only when no field
   * failed its type; the fields that parse keep their steps 2–3. The all-at-once posts keep the
   * fields that choose the action's path (`intent`), the honeypot and the hidden inputs (a
   * record's id: the action may look it up before the parse; and nothing shows a hidden input
   * invalid) valid: those always get their lone posts.
   *
   * `postAlone` sends the lone posts of step 3; for a form on its own page it posts as its script
   * does (single fetch, single-fetch.ts): the action runs as for the document post, the page is
   * not rendered after it. What that render showed is shown elsewhere: the input echoed in the
   * form by the step-1 post (every field holding it, rendered), a refused post changes nothing
   * the next page could show (the checksum), and an accepted one without a redirect is followed
   * by the page itself (a redirect renders nothing either way).
   */
  async function probeFields(
    names: string[],
    valid: Array<[string, string]>,
    inputs: ReadonlyArray<FieldInput>,
    post: (input: string, fields: Array<[string, string]>) => Promise<Outcome>,
    alone: ReadonlySet<string>,
    postAlone: (input: string, fields: Array<[string, string]>) => Promise<Outcome> = post,
  ) {
    const together = names.filter((name) => !alone.has(name));
    for (const { label, apply } of inputs) {
      let rest = names;
      if (together.length > 1) {
        const broken = failures.length;
        fieldPosts.together += 1;
        const outcome = await post(`every field${label}`, together.reduce(apply, valid));
        const refused = invalidFields(outcome.body);
        // Through with every field given it: each one's path ran with it.
        const through = outcome.status < 400 && failures.length === broken;
        rest = names.filter((name) => !refused.has(name) && !(through && !alone.has(name)));
        // Nothing marked: the group below would be this same post again.
        if (refused.size === 0) {
          fieldPosts.alone += rest.length;
          for (const name of rest) await postAlone(`${name}${label}`, apply(valid, name));
          continue;
        }
      }
      // The fields whose schemas took it, given it together: when the action goes through with
      // all of them (it saved every one), each one's path past the parse ran with it.
      const accepted = rest.filter((name) => !alone.has(name));
      if (accepted.length > 1) {
        const broken = failures.length;
        fieldPosts.group += 1;
        const outcome = await post(`${accepted.join(",")}${label}`, accepted.reduce(apply, valid));
        if (outcome.status < 400 && failures.length === broken) rest = rest.filter((name) => alone.has(name));
      }
      // Alone: a field no answer says its schema refused, when its group did not go through (a
      // refusal past the parse may have stopped before its path; a broken rule must name it).
      fieldPosts.alone += rest.length;
      for (const name of rest) await postAlone(`${name}${label}`, apply(valid, name));
    }
  }

  /** This phase's broken rules, one line each: the assertion message lists them all. */
  function expectNoneSince(from: number) {
    const broken = failures.slice(from);
    expect(broken, broken.join("\n")).toEqual([]);
  }

  /** No wall-clock limit per phase (see REQUEST_HANG_MS): vitest's 0 is none. */
  const PHASE_MS = 0;

  /**
   * One phase's body: refuses to start beside a request that never answered, and says where the
   * time went (the app answering and the write checks, over the whole pass, are in the summary).
   */
  function phase(name: string, body: () => Promise<void>): () => Promise<void> {
    return async () => {
      if (stalled) throw new Error(`not run: an earlier phase's request never answered (${stalled})`);
      const from = performance.now();
      const requestsBefore = requestCount;
      try {
        await body();
      } finally {
        console.log(
          `route matrix: ${name} in ${((performance.now() - from) / 1000).toFixed(1)} s, ${requestCount - requestsBefore} requests`,
        );
      }
    };
  }

  describe("route matrix", () => {
    let routes: AppRoute[] = [];
    const anonymousStatus = new Map<string, number>();
    /** Route and identity pairs that passed REDIRECT_MARKER on, so got BAD_REDIRECTS. */
    const redirectReaders = new Set<string>();
    /** Forms seen per identity, deduplicated by action and field names. */
    /** Forms seen per identity, with the page they were on (`page`: its path, when read from one). */
    const forms = new Map<string, { identity: Identity; form: PageForm; route: string; page?: string }>();
    /** Forms the platform host's pages offer (store sign-up, staff pages), anonymous and as staff. */
    const platformForms = new Map<
      string,
      { identity: "anonymous" | "staff"; form: PageForm; route: string }
    >();
    let started = 0;

    afterAll(() => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(
        `route matrix: ${requestCount} requests over ${routes.length} routes and ${forms.size} forms in ${seconds} s (the app answering ${(spent.handle / 1000).toFixed(1)} s, write checks ${(spent.checks / 1000).toFixed(1)} s with ${spent.checksums} checksums; form fields posted all at once ${fieldPosts.together}, together ${fieldPosts.group}, alone ${fieldPosts.alone}, of them ${dataPosts} as data posts with ${pagesAfterDataPosts} pages after), ${failures.length} broken` +
          (failures.length > 0 ? `:\n${failures.join("\n")}` : "") +
          `\ncostliest: ${[...spentByRoute]
            .sort(([, a], [, b]) => b.ms - a.ms)
            .slice(0, 12)
            .map(([route, { ms, requests }]) => `${route} ${(ms / 1000).toFixed(1)} s/${requests}`)
            .join("; ")}` +
          `\nforms: ${[...new Set([...forms.values()].map(({ form }) => `${form.action}(${[...new Set(form.fields.map(([n]) => n))].join(",")})`))].join(" ")}`,
      );
    });

    it(
      "answers every route and method, odd bodies and bad redirectTo on store A's host without 5xx; B's session and B's slugs show nothing of B",
      phase("store A routes", async () => {
        const from = failures.length;
        started = performance.now();
        routes = app.routes;
        for (const file of unlistedMethodReaders())
          failures.push(
            `${file} reads a request's method: list it in METHOD_READERS (route-matrix-suite.ts)`,
          );

        for (const [index, route] of routes.entries()) {
          await refreshSessions();
          const path = pathFor(route, A);
          for (const identity of IDENTITIES) {
            const cookie = cookies[identity];
            const base = { route: route.path, identity, host: HOST_A, cookie };
            // Every method, plus odd bodies; another shard's route is only read, for its forms.
            // HEAD and OPTIONS as the visitor only, unless the route reads the method (ODD_BODIES):
            // the app runs a HEAD's loaders as a GET's, so the GET as each identity covers them.
            const reads = mine(index) && (identity === "anonymous" || readsMethod(route));
            for (const method of reads ? METHODS_WITHOUT_BODY : (["GET"] as const)) {
              const outcome = await send({ ...base, method, input: "none", path });
              if (method === "GET") {
                if (identity === "anonymous") anonymousStatus.set(route.id, outcome.status);
                if (outcome.status === 200) {
                  for (const form of postForms(outcome.body, path)) {
                    const key = formKey(identity, form);
                    if (!forms.has(key)) forms.set(key, { identity, form, route: route.path, page: path });
                  }
                }
              }
            }
            if (!mine(index)) continue;
            const target = withIndex(route, path);
            for (const odd of readsMethod(route) ? ODD_BODIES_EVERY_METHOD : ODD_BODIES) {
              await send({ ...base, ...odd, path: target });
            }
            // Every parameter from the corpus.
            if (identity === "anonymous" && /[:*]/.test(route.path)) {
              for (const [label, value] of BAD_VALUES) {
                await send({
                  ...base,
                  method: "GET",
                  input: `params=${label}`,
                  path: pathWithEvery(route, value),
                });
              }
            }
            // A bad redirectTo only where the page uses the one it is given (see REDIRECT_MARKER).
            const marked = await send({
              ...base,
              method: "GET",
              input: "?redirectTo marker",
              path: `${path}?redirectTo=${encodeURIComponent(REDIRECT_MARKER)}`,
            });
            if (echoesMarker(marked)) {
              redirectReaders.add(`${route.path} as ${identity}`);
              for (const [label, value] of BAD_REDIRECTS) {
                const query = `redirectTo=${encodeURIComponent(value)}`;
                await send({
                  ...base,
                  method: "GET",
                  input: `?redirectTo ${label}`,
                  path: `${path}?${query}`,
                });
              }
            }
            // Store A's host, store B's session: what an anonymous visitor gets, nothing of B.
            if (identity !== "anonymous") {
              const foreign = identity === "shopper" ? cookies.foreignShopper : cookies.foreignAdmin;
              const probe = {
                ...base,
                cookie: foreign,
                identity: `store B's ${identity}`,
                method: "GET",
                input: "B's session cookie",
                path,
              };
              const outcome = await send(probe);
              if (outcome.status !== anonymousStatus.get(route.id))
                fail(probe, outcome.status, `anonymous gets ${anonymousStatus.get(route.id)}`);
              const leaks = leaksOfB(outcome.body);
              if (leaks.length > 0) fail(probe, outcome.status, `shows store B's ${leaks.join(", ")}`);
            }
            // Store B's ids and slugs in store A's parameters.
            if (identity !== "anonymous" && (/:(slug|sub)\b/.test(route.path) || idParamFor(route.path, B))) {
              const probe = { ...base, method: "GET", input: "store B's params", path: pathFor(route, B) };
              const outcome = await send(probe);
              const login = outcome.location?.startsWith("/login") ?? false;
              if (![403, 404].includes(outcome.status) && !login)
                fail(probe, outcome.status, "store B's parameters answered");
              const leaks = leaksOfB(outcome.body);
              if (leaks.length > 0) fail(probe, outcome.status, `shows store B's ${leaks.join(", ")}`);
            }
          }
        }

        // The marker must find the pages that do use a redirectTo, or BAD_REDIRECTS would reach none.
        console.log(`route matrix: bad redirectTo sent to ${[...redirectReaders].join(", ")}`);
        const login = routes.findIndex((route) => route.path === "/login");
        if (mine(login)) {
          for (const identity of IDENTITIES)
            if (!redirectReaders.has(`/login as ${identity}`))
              failures.push(
                `/login as ${identity}: REDIRECT_MARKER not passed on, so no bad redirectTo sent`,
              );
        }

        for (const registered of ANSWER_FORMS) {
          const key = formKey(registered.identity, registered.form);
          forms.set(key, registered);
        }

        // Pages with forms the generated paths do not reach (a record's own id, a confirmation).
        await refreshSessions();
        for (const path of ADMIN_FORM_PAGES(A)) {
          const probe = { route: path, identity: "admin", host: HOST_A, cookie: cookies.admin };
          const outcome = await send({ ...probe, method: "GET", input: "form page", path });
          if (outcome.status !== 200)
            fail(
              { ...probe, method: "GET", input: "form page", path },
              outcome.status,
              "form page not shown",
            );
          for (const form of postForms(outcome.body, path)) {
            const key = formKey("admin", form);
            if (!forms.has(key)) forms.set(key, { identity: "admin", form, route: path, page: path });
          }
        }

        expectNoneSince(from);
      }),
      PHASE_MS,
    );

    it(
      "as each staff preset, answers an admin route 403 exactly when the preset lacks the permission it declares, and a refused write changes nothing",
      phase("staff presets", async () => {
        const from = failures.length;
        const presetCookies = await presetSessions();
        const adminRoutes = routes
          .map((route, index) => ({ route, index }))
          .filter(
            ({ route }) => /^\/admin(\/|$)|^\/admin_/.test(route.path) || route.id.startsWith("routes/admin"),
          );
        for (const { route, index } of adminRoutes) {
          if (!mine(index)) continue;
          const loader = guardedOf(route.id, "loader");
          if (!loader?.guard) continue;
          const path = pathFor(route, A);
          for (const [preset, cookie] of presetCookies) {
            const probe = {
              route: route.path,
              identity: `${preset} preset`,
              host: HOST_A,
              cookie,
              method: "GET",
              input: "none",
              path,
            };
            const outcome = await send(probe);
            const allowed = allows(PRESET_PERMISSIONS[preset], loader.guard);
            if (!allowed && outcome.status !== 403)
              fail(probe, outcome.status, `not 403 without ${loader.guard}`);
            if (allowed && outcome.status === 403)
              fail(probe, outcome.status, `403 although it holds ${loader.guard}`);
          }
        }
        // Every admin form the owner saw, posted as each preset that lacks its permission: 403
        // (an unknown intent 400), nothing changed (send's rule for a refused write). A preset that
        // holds it is not posted: the owner's probes cover what the action does.
        for (const { identity, form } of forms.values()) {
          if (identity !== "admin") continue;
          const pathname = new URL(form.action, "http://x").pathname;
          const target = routeOfPath(pathname);
          if (!target || !mine(routes.indexOf(target))) continue;
          const action = guardedOf(target.id, "action");
          if (!action || (!action.guard && !action.guardOf)) continue;
          const intent = form.fields.find(([name]) => name === "intent")?.[1] ?? null;
          const guard = action.guard ?? action.guardOf?.(intent) ?? null;
          const fields = submitted(form).map(
            ([name, value]) => [name, plausible(name, value)] as [string, string],
          );
          for (const [preset, cookie] of presetCookies) {
            if (guard !== null && allows(PRESET_PERMISSIONS[preset], guard)) continue;
            const probe = {
              route: `${target.path} → ${form.action}`,
              identity: `${preset} preset`,
              host: HOST_A,
              cookie,
              method: "POST",
              input: `own form (${intent ?? "no intent"})`,
              path: form.action,
              contentType: "application/x-www-form-urlencoded",
              body: new URLSearchParams(fields).toString(),
            };
            const outcome = await send(probe);
            const expected = guard === null ? 400 : 403;
            if (outcome.status !== expected)
              fail(probe, outcome.status, `not ${expected} (needs ${guard ?? "a known intent"})`);
          }
        }
        expectNoneSince(from);
      }),
      PHASE_MS,
    );

    // The platform host has no store to shard by: its probes run once, in shard 0.
    if (shard === 0) {
      it(
        "answers every route on the platform host, anonymous and as staff, without 5xx",
        phase("platform routes", async () => {
          const from = failures.length;
          for (const route of routes) {
            for (const [identity, cookie] of [
              ["anonymous", undefined],
              ["staff", cookies.staff],
            ] as const) {
              const base = { route: route.path, identity: `platform ${identity}`, host: PLATFORM, cookie };
              const path = pathFor(route, A);
              const page = await send({ ...base, method: "GET", input: "none", path });
              if (page.status === 200) {
                for (const form of postForms(page.body, path)) {
                  const key = `${identity} ${form.action} ${form.fields.map(([n]) => n).join(",")}`;
                  if (!platformForms.has(key)) platformForms.set(key, { identity, form, route: route.path });
                }
              }
              await send({
                ...base,
                method: "POST",
                input: "empty form",
                path: withIndex(route, path),
                contentType: "application/x-www-form-urlencoded",
                body: "",
              });
              await send({
                ...base,
                method: "POST",
                input: "JSON body",
                path: withIndex(route, path),
                contentType: "application/json",
                body: "{}",
              });
            }
          }

          expectNoneSince(from);
        }),
        PHASE_MS,
      );

      it(
        "refuses every platform form field filled from the bad-value corpus without 5xx or side effects",
        phase("platform forms", async () => {
          const from = failures.length;
          // A probe of the last phase may have signed staff out (POST /logout): sign in again.
          const [staffRow] = rowsOf<{ id: string }>(
            await db.owner.execute(sql`select id from platform_staff limit 1`),
          );
          cookies.staff = await staffCookie(staffRow!.id, `http://${PLATFORM}`);
          // Pages whose parameter is not an id the matrix fills: staff's new-plan form.
          for (const path of ["/platform/packages/new"]) {
            const base = { route: path, identity: "platform staff", host: PLATFORM, cookie: cookies.staff };
            const page = await send({ ...base, method: "GET", input: "none", path });
            expect(page.status, path).toBe(200);
            for (const form of postForms(page.body, path)) {
              platformForms.set(`staff ${form.action}`, { identity: "staff", form, route: path });
            }
          }
          for (const { identity, form, route } of platformForms.values()) {
            if (identity === "staff") cookies.staff = await staffCookie(staffRow!.id, `http://${PLATFORM}`);
            const cookie = identity === "staff" ? cookies.staff : undefined;
            const fields = submitted(form);
            const valid: Array<[string, string]> = fields.map(([name, value]) => [
              name,
              plausible(name, value),
            ]);
            const names = [...new Set(fields.map(([name]) => name))];
            const post = (input: string, fields: Array<[string, string]>) =>
              send({
                route: `${route} → ${form.action}`,
                method: "POST",
                input,
                identity: `platform ${identity}`,
                host: PLATFORM,
                cookie,
                path: form.action,
                contentType: "application/x-www-form-urlencoded",
                body: urlencoded(fields),
              });
            // As the store's forms (probeFields). Until session 23 these went alone: all at once made
            // a later staff sign-in's forged fields answer 302, which was /login's loader sending a
            // signed-in member on after the 400 (forged bodies now fail as the page's error).
            await probeFields(names, valid, fieldInputs(BAD_VALUES), post, aloneOnly(form));
            await postForged(form.action, (label, fields) => post(label, fields), valid);
          }
          expect(platformForms.size).toBeGreaterThan(0);
          expectNoneSince(from);
        }),
        PHASE_MS,
      );
    }

    it(
      "refuses every form field filled from the bad-value corpus (and store B's ids) without 5xx or side effects",
      phase("store A forms", async () => {
        const from = failures.length;
        // Every field of every form, from the corpus; arrays and duplicated keys.
        const byKey = [...forms.entries()].sort(([a], [b]) => a.localeCompare(b));
        const owners = corpusOwners(forms.values());
        for (const { identity, form, route, page } of byKey
          .filter((_, index) => mine(index))
          .map(([, entry]) => entry)) {
          await refreshSessions();
          const cookie = cookies[identity];
          const lean = owners.get(formShape(form)) !== identity;
          const fields = submitted(form);
          const valid: Array<[string, string]> = fields.map(([name, value]) => [
            name,
            plausible(name, value),
          ]);
          const names = [...new Set(fields.map(([name]) => name))];
          const sendForm = (input: string, fields: Array<[string, string]>, data = false) =>
            send({
              route: `${route} → ${form.action}`,
              method: "POST",
              input,
              identity,
              host: HOST_A,
              cookie,
              path: data ? dataPath(form.action) : form.action,
              data,
              contentType: "application/x-www-form-urlencoded",
              body: urlencoded(
                fields.map(([n, v]) => [
                  n,
                  v === PLAUSIBLE_EMAIL ? `matrix-${requestCount + 1}@example.com` : v,
                ]),
              ),
            });
          const post = (input: string, fields: Array<[string, string]>) => sendForm(input, fields);
          // A form that posts to its own page: that page's action answers the data post (a form
          // posting elsewhere may post to a route with no page, which answers only documents).
          const postAlone =
            page !== undefined && pathOf(form.action) === pathOf(page)
              ? async (input: string, fields: Array<[string, string]>) => {
                  const outcome = await sendForm(input, fields, true);
                  dataPosts += 1;
                  if (outcome.status < 300) {
                    pagesAfterDataPosts += 1;
                    await send({
                      route: `${route} → ${form.action}`,
                      method: "GET",
                      input: `after ${input}`,
                      identity,
                      host: HOST_A,
                      cookie,
                      path: form.action,
                    });
                  }
                  return outcome;
                }
              : post;
          await probeFields(
            names,
            valid,
            fieldInputs(lean ? LEAN_VALUES : BAD_VALUES),
            post,
            aloneOnly(form),
            postAlone,
          );
          for (const name of names) {
            if (!lean && name.toLowerCase().includes("redirect")) {
              for (const [label, value] of BAD_REDIRECTS) {
                await post(
                  `${name}=${label}`,
                  valid.map(([n, v]) => [n, n === name ? value : v]),
                );
              }
            }
            // A redirect target is only followed after a sign-in that works: try it with the
            // demo shopper's real credentials too.
            if (
              identity === "anonymous" &&
              /redirect/i.test(name) &&
              form.action.startsWith("/login") &&
              names.includes("password")
            ) {
              for (const [label, value] of BAD_REDIRECTS) {
                await post(
                  `${name}=${label} with a valid sign-in`,
                  valid.map(([n, v]) => [
                    n,
                    n === name
                      ? value
                      : n === "email"
                        ? DEMO_SHOPPER.email
                        : n === "password"
                          ? DEMO_SHOPPER.password
                          : v,
                  ]),
                );
              }
            }
            // Store B's ids in every id-shaped field.
            if (identity !== "anonymous" && /id$/i.test(name)) {
              const probe = {
                route: `${route} → ${form.action}`,
                method: "POST",
                input: `${name}=store B's id`,
                identity,
                host: HOST_A,
                cookie,
                path: form.action,
              };
              const outcome = await post(
                probe.input,
                // A review id field gets one of B's reviews; any other id field one of B's products.
                valid.map(([n, v]) => [n, n === name ? (name === "reviewId" ? B.reviewId : B.productId) : v]),
              );
              const login = outcome.location?.startsWith("/login") ?? false;
              if (!(outcome.status >= 400 && outcome.status < 500) && !login)
                fail(probe, outcome.status, "store B's id accepted");
              const leaks = leaksOfB(outcome.body);
              if (leaks.length > 0) fail(probe, outcome.status, `shows store B's ${leaks.join(", ")}`);
            }
          }
          // Forged fields and stored markup meet the same parsing and storage whoever posts.
          if (lean) continue;
          await postForged(form.action, (label, fields) => post(label, fields), valid);
          // Stored script and markup in each text field, the others valid: as the corpus's
          // values, all at once first (what is stored is rendered in the last phase, wherever).
          const texts = names.filter(
            (name) =>
              name !== HONEYPOT_FIELD &&
              !/id$|intent|redirect|password|email|rating|quantity|token/i.test(name),
          );
          await probeFields(
            texts,
            valid,
            [valueInput(["stored markup", STORED_MARKUP])],
            post,
            aloneOnly(form),
          );
        }

        expectNoneSince(from);
      }),
      PHASE_MS,
    );

    it(
      "renders stored script and markup as text only, in every page and every email",
      phase("pages after stored markup", async () => {
        const from = failures.length;
        // Where stored markup can show up again: every page as every identity, and every email.
        for (const route of routes) {
          await refreshSessions();
          for (const identity of IDENTITIES) {
            await send({
              route: route.path,
              method: "GET",
              input: "after stored markup",
              identity,
              host: HOST_A,
              cookie: cookies[identity],
              path: pathFor(route, A),
            });
          }
        }
        const emails = rowsOf<{ kind: string; html: string }>(
          await db.owner.execute(
            sql`select kind, html from email_outbox where html like '%<script>alert(1)%' or html like '%<b>x</b>%'`,
          ),
        );
        for (const email of emails) failures.push(`email ${email.kind}: markup sent as HTML`);

        expectNoneSince(from);
      }),
      PHASE_MS,
    );

    it("covers every route of the manifest with at least 1,000 requests", () => {
      expect(routes.length).toBe(Object.keys(app.build.routes).length - 1);
      expect(requestCount).toBeGreaterThanOrEqual(1000);
    });
  });
}
