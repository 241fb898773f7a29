/**
 * The page cache at the request edge (decision 017): a store page asked for by an anonymous
 * visitor is answered from the instance's cache when another visitor already had the same one.
 *
 * A request is a candidate when it is a GET or HEAD of a storefront catalogue or content page
 * (its document or its `.data`), on a known store's host, carrying no cookie but the language and
 * theme ones (a session, staff or flash cookie makes it personal; a cookie this file does not
 * know might change the page, so it is not guessed at). The key is the store, protocol, host,
 * path, query with its parameters sorted, the `lng` and `theme` cookies and the encoding class
 * the client accepts (br, gzip or none). A 200 or 404 that sets no cookie and does not call
 * itself private is kept: status, headers (its Content-Security-Policy too, whose nonce is in
 * the body) and the body compressed once for that encoding, with a weak ETag of the body.
 *
 * A signed-in shopper's request (decision 031; the `__session` cookie besides those two, and
 * `viewerOf` given) is keyed by the viewer's shape instead of the encoding: its entry is the page
 * rendered once, without the session, with tokens for the viewer's words and numbers, which each
 * answer fills in for the viewer who asked (server/page-cache/personal.ts).
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import type { PageTemplate } from "../../app/http/page-template.server";
import type { PageCacheBackend } from "../page-cache/backend";
import {
  cutTemplate,
  fillGzip,
  fillIdentity,
  shapeOf,
  templatable,
  templateFor,
  valuesOf,
  type PageViewer,
  type SlotName,
  type Tokens,
} from "../page-cache/personal";
import type { PageEntry } from "../page-cache/store";
import { VIEWER_STAMP_COOKIE } from "../page-cache/viewers";

export interface PageCacheOptions {
  backend: PageCacheBackend;
  /**
   * Decision 031: the signed-in viewer a request's session cookie names on this store (on a
   * product page with that product's state), or null when the session is not alive. Without it,
   * signed-in requests are not the cache's business.
   */
  viewerOf?: (
    storeId: string,
    cookieHeader: string,
    productSlug: string | null,
  ) => Promise<PageViewer | null>;
  /**
   * What `viewerOf` answers without waiting (a viewer this process keeps, for a cookie it verified
   * before), or undefined when it would ask: a signed-in hit is then answered at once.
   */
  knownViewerOf?: (
    storeId: string,
    cookieHeader: string,
    productSlug: string | null,
  ) => PageViewer | undefined;
  /** The store a host belongs to, or null (platform, unknown host): only stores' pages are kept. */
  storeOf: (host: string) => Promise<string | null>;
  /**
   * What `storeOf` answers without waiting (this process's tenant cache), or undefined when it
   * would ask the database: a hit is then answered at once (`serveKnownHit`).
   */
  cachedStoreOf?: (host: string) => string | null | undefined;
  /** The store a host was last known to be, without the database (serving stale pages). */
  knownStoreOf?: (host: string) => string | null;
  /** When a store's pages stop being right without any row changing (a sale starts or ends). */
  changesAt?: (storeId: string) => Promise<number | null>;
  /** Longest life of an entry, whatever else happens. */
  ttlMs: number;
  /**
   * A new viewer stamp's Set-Cookie (server/page-cache/viewers.ts), when `viewerOf` keeps viewers:
   * given to every signed-in request Remix answers in full, so the browser's next page is read
   * afresh whatever that request changed.
   */
  viewerStamp?: () => string;
}

/** What a CDN in front may do with a cacheable page: keep it a second, serve it stale briefly. */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=1, stale-while-revalidate=4";
/** A page that may differ per visitor but is not about one person (login form, error page). */
export const PRIVATE_CACHE_CONTROL = "private";

/** Storefront pages that are the same for every anonymous visitor (cart, account, admin are not). */
const CACHEABLE_PATH =
  /^\/(?:|products|products\/[^/]+|categories|categories\/[^/]+|categories\/[^/]+\/[^/]+|about|contact|privacy|terms|robots\.txt|sitemap\.xml)$/;
/** Cookies that choose how the page looks, and are part of the key. */
const KEYED_COOKIES = new Set(["lng", "theme"]);
/** The viewer stamp: part of a viewer's key (start.ts), not of a page's. */
const IGNORED_COOKIES = new Set([VIEWER_STAMP_COOKIE]);
/** The shopper's session (decision 031): its viewer's shape is part of the key, their values are filled in. */
const SESSION_COOKIE = "__session";
/** What a signed-in viewer's page says to caches: for this browser only, and not to be kept (decision 009). */
export const PERSONAL_CACHE_CONTROL = "private, no-store";
const MAX_TARGET_LENGTH = 2_048;
const MAX_BODY_BYTES = 2 * 1024 * 1024;
/** Fast enough to compress a page on a miss; a page is compressed once and sent many times. */
const BROTLI_QUALITY = 5;

type Encoding = PageEntry["encoding"];

/** The last Accept-Encoding classified: nearly every request of a client (and of a browser) sends the same one. */
let lastEncoding: { header: string | undefined; encoding: Encoding } = {
  header: undefined,
  encoding: "identity",
};

/** The encoding the cache answers a client with: br when accepted, else gzip, else none. */
export function encodingClass(header: string | undefined): Encoding {
  if (header === lastEncoding.header) return lastEncoding.encoding;
  const encoding = classifyEncoding(header);
  lastEncoding = { header, encoding };
  return encoding;
}

function classifyEncoding(header: string | undefined): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (header ?? "").split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (ok("br")) return "br";
  if (ok("gzip")) return "gzip";
  return "identity";
}

/** The page a `.data` request is for (`/_root.data` is the home page's). */
function pagePath(path: string): string {
  if (path === "/_root.data") return "/";
  return path.endsWith(".data") ? path.slice(0, -".data".length) : path;
}

/**
 * The `lng` and `theme` cookies and whether a session cookie came with them, or null when the
 * request carries any other cookie.
 */
function keyedCookies(header: string | undefined): { kept: string; session: boolean } | null {
  if (!header) return { kept: "", session: false };
  const kept: string[] = [];
  let session = false;
  for (const pair of header.split(";")) {
    const at = pair.indexOf("=");
    const name = (at === -1 ? pair : pair.slice(0, at)).trim();
    if (!name) continue;
    if (name === SESSION_COOKIE) {
      // Two session cookies: which one Remix would read is not for this file to guess.
      if (session) return null;
      session = true;
      continue;
    }
    if (IGNORED_COOKIES.has(name)) continue;
    if (!KEYED_COOKIES.has(name)) return null;
    kept.push(`${name}=${at === -1 ? "" : pair.slice(at + 1).trim()}`);
  }
  return { kept: kept.sort().join(";"), session };
}

/**
 * Whether a request (method, raw target) is for a page the cache may answer, judged from the target
 * alone, before any middleware: such requests take the app's short way to the edge (server/app.ts,
 * issue 41). robots.txt and the sitemap are cached too but named like files of public/, which the
 * asset middleware would answer first: they take the ordinary way.
 */
export function mayBeCachedPage(method: string | undefined, target: string | undefined): boolean {
  if ((method !== "GET" && method !== "HEAD") || !target) return false;
  const query = target.indexOf("?");
  const path = query === -1 ? target : target.slice(0, query);
  return path !== "/robots.txt" && path !== "/sitemap.xml" && CACHEABLE_PATH.test(pagePath(path));
}

/** The slug of a product page's path (document or `.data`), for the viewer's product state. */
export function productSlugOf(path: string): string | null {
  const match = /^\/products\/([^/]+)$/.exec(pagePath(path));
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

export interface Candidate {
  storeId: string;
  /** The request's host, which the tenant resolver mapped to `storeId`. */
  host: string;
  key: string;
  encoding: Encoding;
  generation: number;
  /** Taken before rendering: a page rendered across a sale's start still expires at the start. */
  expiresAt: number;
  /**
   * The request carried a session cookie: Remix renders the page without it (the shared copy of
   * a signed-in page, or the anonymous page for a session that is no longer alive).
   */
  withoutSession?: boolean;
  /** A signed-in viewer's page (decision 031): rendered from `template`, filled with `values`. */
  personal?: { template: PageTemplate; tokens: Tokens; values: Record<SlotName, string>; data: boolean };
  /**
   * Set when this request renders the page for the others of this process that missed it
   * meanwhile: they wait until its answer is kept (or its exchange ends) and ask the cache again.
   */
  rendered?: () => void;
}

type Keyed = Omit<Candidate, "generation" | "expiresAt"> & { session: boolean };

/** A signed-in viewer's pages share one copy per shape, whatever the encoding (filled as gzip). */
function shapedKey(key: string, viewer: PageViewer): string {
  return `${key.slice(0, key.lastIndexOf("\n"))}\n${shapeOf(viewer)}`;
}

/** The key of a request whose only other cookie may be a session, or null. */
function keyOf(
  req: Pick<ExpressRequest, "method" | "protocol" | "get">,
  url: URL,
  storeId: string,
): Keyed | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  if (url.pathname.length + url.search.length > MAX_TARGET_LENGTH) return null;
  if (!CACHEABLE_PATH.test(pagePath(url.pathname))) return null;
  const cookies = keyedCookies(req.get("cookie"));
  if (cookies === null) return null;
  let query = "";
  if (url.search) {
    const params = new URLSearchParams(url.search);
    params.sort();
    query = params.toString();
  }
  const encoding = encodingClass(req.get("accept-encoding"));
  const key = [storeId, `${req.protocol}://${url.host}${url.pathname}?${query}`, cookies.kept, encoding].join(
    "\n",
  );
  return { storeId, host: url.host, key, encoding, session: cookies.session };
}

/** The cache key of an anonymous request, or null when it is not one the cache may answer. */
export function pageKey(
  req: Pick<ExpressRequest, "method" | "protocol" | "get">,
  url: URL,
  storeId: string,
): Omit<Candidate, "generation" | "expiresAt"> | null {
  const keyed = keyOf(req, url, storeId);
  if (!keyed || keyed.session) return null;
  return { storeId: keyed.storeId, host: keyed.host, key: keyed.key, encoding: keyed.encoding };
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function encode(body: Buffer, encoding: Encoding): Promise<Uint8Array> {
  if (encoding === "br") {
    return brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    });
  }
  if (encoding === "gzip") return gzip(body);
  return body;
}

/** Headers not kept with an entry: the cache sets them itself, or they belong to one exchange. */
const UNKEPT_HEADERS = new Set([
  "connection",
  "content-encoding",
  "content-length",
  "date",
  "etag",
  "keep-alive",
  "transfer-encoding",
  "vary",
  "x-cache",
]);

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}

/** Answers `req` from `entry`: 304 when the client has it, no body for HEAD. */
function serveHeaders(res: ExpressResponse, entry: PageEntry) {
  res.statusCode = entry.status;
  for (const [name, value] of entry.headers) {
    // The page's own policy: its nonce is the one in the stored body.
    const before = name === "content-security-policy" ? undefined : res.getHeader(name);
    // Added to what is already set, as Express's `append` did (without its work per header; its
    // `set` adds a charset to a Content-Type without one, so that one still goes through it).
    if (before !== undefined)
      res.setHeader(name, [...(Array.isArray(before) ? before : [String(before)]), value]);
    else if (name === "content-type") res.set(name, value);
    else res.setHeader(name, value);
  }
}

/** Answers a signed-in viewer from a shared copy with their own values: gzip when accepted. */
function servePersonal(
  req: ExpressRequest,
  res: ExpressResponse,
  entry: PageEntry & { template: NonNullable<PageEntry["template"]> },
  values: Record<SlotName, string>,
  outcome: "hit" | "miss",
) {
  serveHeaders(res, entry);
  res.setHeader("Cache-Control", PERSONAL_CACHE_CONTROL);
  res.setHeader("Vary", "Accept-Encoding, Cookie");
  res.setHeader("X-Cache", outcome);
  // Brotli streams cannot be spliced; every client that takes br takes gzip.
  const gzip = encodingClass(req.get("accept-encoding")) !== "identity";
  const body = gzip ? fillGzip(entry.template, values) : fillIdentity(entry.template, values);
  if (gzip) res.setHeader("Content-Encoding", "gzip");
  res.setHeader("Content-Length", String(body.byteLength));
  if (req.method === "HEAD") res.end();
  else res.end(body);
}

function serve(
  req: ExpressRequest,
  res: ExpressResponse,
  entry: PageEntry,
  outcome: "hit" | "miss" | "stale",
  cacheControl?: string,
) {
  serveHeaders(res, entry);
  if (cacheControl) res.setHeader("Cache-Control", cacheControl);
  // A page's own public policy (robots.txt, the sitemap) stands; the others get the CDN's.
  if (!res.hasHeader("Cache-Control")) res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL);
  res.setHeader("Vary", "Accept-Encoding, Cookie");
  res.setHeader("ETag", entry.etag);
  res.setHeader("X-Cache", outcome);
  if (entry.status === 200 && matchesEtag(req.get("if-none-match"), entry.etag)) {
    res.removeHeader("Content-Type");
    res.status(304).end();
    return;
  }
  if (entry.encoding !== "identity") res.setHeader("Content-Encoding", entry.encoding);
  res.setHeader("Content-Length", String(entry.body.byteLength));
  if (req.method === "HEAD") res.end();
  else res.end(entry.body);
}

/**
 * False once the request was answered, or is being answered, by someone else: the request edge at
 * its deadline (decision 020), whose stale page or 503 may still be on its way. The page is still
 * kept for the next visitor.
 */
function mayAnswer(res: ExpressResponse): boolean {
  return !res.headersSent && res.locals.deadlinePassed !== true;
}

/**
 * Says what the cache did with the request, unless it was answered meanwhile (its deadline passed
 * while the lookup waited): a header set on a sent answer throws.
 */
function markOutcome(res: ExpressResponse, outcome: "bypass" | "miss") {
  if (!res.headersSent) res.setHeader("X-Cache", outcome);
}

export class EdgePageCache {
  /**
   * Misses being rendered in this process, by key. When a hot page expires (the TTL, a drop),
   * every connection asking for it meanwhile would render it too: 16 at once in the bench, a
   * stall of the whole process of 16 renders. They wait for the first one's instead.
   */
  private readonly rendering = new Map<string, Promise<void>>();

  constructor(private readonly options: PageCacheOptions) {}

  /**
   * A new viewer stamp for a request Remix answers in full with its session (an action, an
   * account page…), or null: such a request may have changed what the viewer's pages show.
   */
  stampFor(req: ExpressRequest): string | null {
    const { viewerStamp } = this.options;
    if (!viewerStamp) return null;
    const cookie = req.get("cookie");
    return cookie?.includes(`${SESSION_COOKIE}=`) ? viewerStamp() : null;
  }

  /**
   * Answers a visitor at once when this process holds a live entry for the request and knows the
   * host's store without the database (and, signed in, their viewer: `knownViewerOf`): true when
   * answered. The same entry `lookup` would serve, found the same way, without a promise, a
   * deadline or an abort controller around it: those are for work that waits, and a hit does not
   * (issue 41). False: ask `lookup`.
   */
  serveKnownHit(req: ExpressRequest, res: ExpressResponse, url: URL): boolean {
    const { cachedStoreOf, backend } = this.options;
    if (!cachedStoreOf || !backend.peek) return false;
    const storeId = cachedStoreOf(url.host);
    if (!storeId) return false;
    const keyed = keyOf(req, url, storeId);
    if (!keyed) return false;
    if (keyed.session) {
      const viewer = this.options.knownViewerOf?.(
        storeId,
        req.get("cookie") ?? "",
        productSlugOf(url.pathname),
      );
      if (!viewer || !templatable(viewer)) return false;
      const entry = backend.peek(storeId, shapedKey(keyed.key, viewer));
      if (!entry?.template) return false;
      servePersonal(req, res, { ...entry, template: entry.template }, valuesOf(viewer), "hit");
      return true;
    }
    const entry = backend.peek(storeId, keyed.key);
    if (!entry || entry.template) return false;
    serve(req, res, entry, "hit");
    return true;
  }

  /**
   * Answers the request from the cache ("served"), or says how to keep its answer (a
   * candidate), or null when it is none of the cache's business.
   */
  async lookup(req: ExpressRequest, res: ExpressResponse, url: URL): Promise<"served" | Candidate | null> {
    if (req.method !== "GET" && req.method !== "HEAD") return null;
    // What this lookup waits on, for the log line of a request that passes its deadline.
    const step = (name: string) => (res.locals.lookupStep = name);
    step("tenant");
    const storeId = await this.options.storeOf(url.host);
    const keyed = storeId ? keyOf(req, url, storeId) : null;
    const { viewerOf } = this.options;
    if (!storeId || !keyed || (keyed.session && !viewerOf)) {
      markOutcome(res, "bypass");
      return null;
    }
    const { session, ...key } = keyed;
    let viewer: PageViewer | null = null;
    if (session && viewerOf) {
      step("viewer");
      viewer = await viewerOf(storeId, req.get("cookie") ?? "", productSlugOf(url.pathname));
      // Their own review fills the form: that page is theirs alone, rendered in full.
      if (viewer && !templatable(viewer)) {
        markOutcome(res, "bypass");
        return null;
      }
      if (viewer) key.key = shapedKey(key.key, viewer);
    }
    step("cache");
    let { entry, generation } = await this.options.backend.get(storeId, key.key);
    // One render per page at a time. Decided in the same turn as the lookup's answer, before any
    // other await: the requests that missed together are told apart here or not at all. One that
    // waited renders on its own if the page was not kept (a 500, a private answer), so requests
    // never queue behind one another twice.
    let rendered: (() => void) | undefined;
    // Answered meanwhile (its deadline, or the outage guard, while a read above was slow) or left
    // by its client: the exchange's "close" has been emitted already. Taking the page's render
    // slot here would keep it forever, nobody releasing it, and every later miss of the page in
    // this process would wait on it until its own deadline (issue 42, D2).
    if (res.locals.lookupAbandoned === true || res.closed) return "served";
    if (req.method === "GET" && !(entry && Boolean(entry.template) === Boolean(viewer))) {
      const pending = this.rendering.get(key.key);
      if (pending) {
        step("another request's render of the page");
        await pending;
        step("cache");
        ({ entry, generation } = await this.options.backend.get(storeId, key.key));
      } else {
        let release = () => {};
        const done = new Promise<void>((resolve) => (release = resolve));
        this.rendering.set(key.key, done);
        rendered = () => {
          if (this.rendering.get(key.key) === done) this.rendering.delete(key.key);
          release();
        };
        // Whatever becomes of the answer (not kept, an error, the client gone), the others go on.
        res.once("close", rendered);
      }
    }
    // Given up by the request edge (the database went down while this lookup waited on it, or the
    // request's deadline passed): it was answered unavailable, and nothing more may be written.
    if (res.locals.lookupAbandoned === true) return "served";
    if (entry?.template && viewer) {
      servePersonal(req, res, { ...entry, template: entry.template }, valuesOf(viewer), "hit");
      return "served";
    }
    if (entry && !entry.template && !viewer) {
      // A session no longer alive sees the anonymous page, as Remix would show it, for them only.
      serve(req, res, entry, "hit", session ? PERSONAL_CACHE_CONTROL : undefined);
      return "served";
    }
    // Answered by Remix; kept when `store` finds it may be.
    markOutcome(res, "miss");
    // A HEAD that missed is answered by Remix and not kept: it has no body to keep.
    if (req.method === "HEAD") return null;
    step("sale boundary");
    const changesAt = (await this.options.changesAt?.(storeId)) ?? null;
    const expiresAt = Math.min(Date.now() + this.options.ttlMs, changesAt ?? Number.POSITIVE_INFINITY);
    const candidate: Candidate = { ...key, generation, expiresAt, withoutSession: session, rendered };
    if (viewer) {
      const { template, tokens } = templateFor(viewer);
      candidate.personal = {
        template,
        tokens,
        values: valuesOf(viewer),
        data: url.pathname.endsWith(".data"),
      };
    }
    return candidate;
  }

  /**
   * Answers an anonymous visitor's page from the cache whatever the entry's age, when the page
   * cannot be rendered because the database is down (decision 020). False when there is none.
   */
  async serveStale(req: ExpressRequest, res: ExpressResponse, url: URL): Promise<boolean> {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    // This process's tenant cache may never have seen the host while another process kept its
    // pages: the cache itself knows which store they are of.
    const storeId = this.options.knownStoreOf?.(url.host) ?? (await this.options.backend.storeOf(url.host));
    const key = storeId ? pageKey(req, url, storeId) : null;
    if (!storeId || !key) return false;
    const entry = await this.options.backend.stale(storeId, key.key);
    if (!entry || res.headersSent) return false;
    // Not for a shared cache to keep: the page is only the best there is for now.
    res.setHeader("Cache-Control", "no-store");
    serve(req, res, entry, "stale");
    return true;
  }

  /**
   * Keeps and sends Remix's answer to a candidate when it may be kept; false (nothing sent)
   * otherwise, for the ordinary path to send it.
   */
  async store(candidate: Candidate, req: ExpressRequest, res: ExpressResponse, response: Response) {
    if (response.status !== 200 && response.status !== 404) return false;
    if (response.headers.has("set-cookie")) return false;
    if (/\b(private|no-store|no-cache)\b/i.test(response.headers.get("cache-control") ?? "")) return false;
    const declared = Number(response.headers.get("content-length") ?? 0);
    if (declared > MAX_BODY_BYTES) return false;

    const body = Buffer.from(await response.arrayBuffer());
    const headers: [string, string][] = [];
    for (const [name, value] of response.headers.entries()) {
      if (!UNKEPT_HEADERS.has(name)) headers.push([name, value]);
    }
    const policy = res.getHeader("Content-Security-Policy");
    if (typeof policy === "string") headers.push(["content-security-policy", policy]);
    const { personal } = candidate;
    if (personal) {
      if (body.byteLength > MAX_BODY_BYTES) return false;
      const template = cutTemplate(body, personal.tokens, personal.data ? "json" : "html");
      if (!template) return false;
      const entry = {
        status: response.status,
        headers,
        body: new Uint8Array(0),
        encoding: "identity" as const,
        etag: "",
        expiresAt: candidate.expiresAt,
        template,
      };
      if (entry.expiresAt > Date.now()) {
        this.options.backend.set(
          candidate.storeId,
          candidate.key,
          candidate.generation,
          entry,
          candidate.host,
        );
      }
      candidate.rendered?.();
      if (mayAnswer(res)) servePersonal(req, res, entry, personal.values, "miss");
      return true;
    }
    const etag = `W/"${createHash("sha1").update(body).digest("base64url").slice(0, 27)}"`;
    const entry: PageEntry = {
      status: response.status,
      headers,
      body: await encode(body, candidate.encoding),
      encoding: candidate.encoding,
      etag,
      expiresAt: candidate.expiresAt,
    };
    if (body.byteLength <= MAX_BODY_BYTES && entry.expiresAt > Date.now()) {
      this.options.backend.set(candidate.storeId, candidate.key, candidate.generation, entry, candidate.host);
    }
    // Kept (the workers' backend sends it to the primary before any later lookup of theirs).
    candidate.rendered?.();
    if (mayAnswer(res))
      serve(req, res, entry, "miss", candidate.withoutSession ? PERSONAL_CACHE_CONTROL : undefined);
    return true;
  }
}
