/**
 * The "temporarily unavailable" answer (decision 020): 503 with Retry-After and a page of its
 * own that needs nothing from the database (no store name, no branding), in the visitor's
 * language (the `lng` cookie, else Accept-Language), light or dark as the system prefers.
 * A write is told that nothing was saved, or, when its COMMIT may have been sent (decision 020,
 * issue 42), that its outcome could not be confirmed.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { IncomingMessage, ServerResponse } from "node:http";

type Lang = "en" | "ar";
interface OutageText {
  title: string;
  message: string;
  writeMessage: string;
  unconfirmed: string;
  unconfirmedResendSafe: string;
  retry: string;
}

/** Seconds a client is asked to wait: about when the health probe will have looked again. */
export const RETRY_AFTER_SECONDS = 5;

const texts = new Map<Lang, OutageText>();
function text(lang: Lang): OutageText {
  let found = texts.get(lang);
  if (!found) {
    const file = path.resolve(process.cwd(), "app/locales", `${lang}.json`);
    found = (JSON.parse(readFileSync(file, "utf8")) as { outage: OutageText }).outage;
    texts.set(lang, found);
  }
  return found;
}

export function visitorLanguage(cookie: string | undefined, acceptLanguage: string | undefined): Lang {
  const chosen = /(?:^|;\s*)lng=(en|ar)\b/.exec(cookie ?? "")?.[1];
  if (chosen === "en" || chosen === "ar") return chosen;
  for (const part of (acceptLanguage ?? "").split(",")) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (tag === "ar" || tag === "en") return tag;
  }
  return "en";
}

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** What the page says of a write: nothing saved, or not confirmed (and whether sending it again is safe). */
export type WriteNote = "nothing-saved" | "unconfirmed" | "unconfirmed-resend-safe";

export function outagePage(
  lang: Lang,
  { write, retryHref }: { write: WriteNote | null; retryHref: string },
): string {
  const t = text(lang);
  const note =
    write === "nothing-saved"
      ? t.writeMessage
      : write === "unconfirmed"
        ? t.unconfirmed
        : write === "unconfirmed-resend-safe"
          ? t.unconfirmedResendSafe
          : null;
  return `<!doctype html>
<html lang="${lang}" dir="${lang === "ar" ? "rtl" : "ltr"}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=6">
<meta name="robots" content="noindex">
<title>${escape(t.title)}</title>
<style>
:root{color-scheme:light dark;--ink:#1f2937;--muted:#4b5563;--bg:#f8fafc;--card:#fff;--brand:#242f51}
@media (prefers-color-scheme:dark){:root{--ink:#f1f5f9;--muted:#cbd5e1;--bg:#0f172a;--card:#1e293b;--brand:#c7d2fe}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:1.5rem;
background:var(--bg);color:var(--ink);font:16px/1.6 system-ui,-apple-system,"Segoe UI",Tahoma,sans-serif}
main{max-width:32rem;width:100%;background:var(--card);border-radius:1rem;padding:2.5rem 2rem;text-align:center;
box-shadow:0 1px 3px rgb(0 0 0/.12)}
svg{color:var(--brand)}
h1{font-size:1.6rem;line-height:1.3;margin:1.25rem 0 .75rem;overflow-wrap:anywhere}
p{margin:0 0 .5rem;color:var(--muted);overflow-wrap:anywhere}
a{display:inline-block;margin-top:1.5rem;padding:.75rem 1.5rem;border-radius:.5rem;background:var(--brand);
color:var(--card);font-weight:700;text-decoration:none}
a:focus-visible{outline:3px solid var(--ink);outline-offset:3px}
</style>
</head>
<body>
<main>
<svg width="64" height="64" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M12 8v5"/><path d="M12 16.5h.01"/><path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z"/></svg>
<h1>${escape(t.title)}</h1>
<p>${escape(t.message)}</p>
${note ? `<p><strong>${escape(note)}</strong></p>` : ""}
<a href="${escape(retryHref)}">${escape(t.retry)}</a>
</main>
</body>
</html>`;
}

/**
 * Sends the 503; `Connection: close` when the process is going away. `outcomeUnknown`: a write
 * given up at its deadline (its transaction may still commit), or whose COMMIT was sent, is not
 * told that nothing was saved; `resendSafe`: sending it again cannot do it twice (a checkout).
 */
export function sendUnavailable(
  req: IncomingMessage,
  res: ServerResponse,
  { close = false, outcomeUnknown = false, resendSafe = false } = {},
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const write = req.method !== "GET" && req.method !== "HEAD";
  const pathname = (req.url ?? "/").split("?")[0]!;
  if (pathname === "/api" || pathname.startsWith("/api/")) {
    sendApiUnavailable(req, res, { close: close || (write && !req.complete), write, outcomeUnknown });
    return;
  }
  const lang = visitorLanguage(req.headers.cookie, req.headers["accept-language"]);
  // The page itself, never its data URL (`/products.data` → `/products`).
  const retryHref = pathname.replace(/\/_root\.data$/, "/").replace(/\.data$/, "") || "/";
  res.statusCode = 503;
  res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader("X-Content-Type-Options", "nosniff");
  // The page has no script and no asset: nothing else is needed.
  res.setHeader(
    "Content-Security-Policy",
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
  );
  res.removeHeader("Content-Encoding");
  // A write's body is not read: the connection cannot carry another request after it.
  if (close || (write && !req.complete)) res.setHeader("Connection", "close");
  const note: WriteNote | null = !write
    ? null
    : !outcomeUnknown
      ? "nothing-saved"
      : resendSafe
        ? "unconfirmed-resend-safe"
        : "unconfirmed";
  const body = outagePage(lang, { write: note, retryHref });
  res.setHeader("Content-Length", Buffer.byteLength(body));
  res.end(req.method === "HEAD" ? undefined : body);
}

/**
 * The Admin API's 503 (issue 38, decision 045): its error shape, `{ "error": { code, message } }`
 * as JSON, not the page, with Retry-After. A write is told whether nothing was saved or its
 * outcome is unknown (then resending it with the same Idempotency-Key is the safe retry).
 */
function sendApiUnavailable(
  req: IncomingMessage,
  res: ServerResponse,
  { close, write, outcomeUnknown }: { close: boolean; write: boolean; outcomeUnknown: boolean },
): void {
  const message = !write
    ? "The service is temporarily unavailable: try again shortly."
    : outcomeUnknown
      ? "The service became unavailable and this request's outcome could not be confirmed: send it again with the same Idempotency-Key."
      : "The service is temporarily unavailable: nothing was saved. Try again shortly.";
  const body = JSON.stringify({ error: { code: "unavailable", message } });
  res.statusCode = 503;
  res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.removeHeader("Content-Encoding");
  if (close) res.setHeader("Connection", "close");
  res.setHeader("Content-Length", Buffer.byteLength(body));
  res.end(req.method === "HEAD" ? undefined : body);
}
