import { Transform, type TransformCallback } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { keepRefusalHeaders } from "~/http/headers";
import { errorFields, logger } from "~/lib/log.server";
import { DocumentOnlyContext } from "~/lib/document-only";
import { NonceContext } from "~/lib/nonce";

const ABORT_DELAY = 5_000;

/**
 * React writes a page as dozens of small chunks in one burst. Joined per tick, compression and the
 * socket handle a few writes per page instead of dozens (measured: the largest single cost of a
 * page after rendering), and the page still streams: nothing waits longer than the current tick.
 */
class CoalescingStream extends Transform {
  private pending: Buffer[] = [];
  private scheduled = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.pending.push(chunk);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.pushPending());
    }
    done();
  }

  override _flush(done: TransformCallback) {
    this.pushPending();
    done();
  }

  private pushPending() {
    this.scheduled = false;
    if (this.pending.length === 0) return;
    this.push(this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending));
    this.pending = [];
  }
}

/**
 * Remix's own note, handed over as an Error, that a `?_data=` request came in: single fetch never
 * makes one, so it is an old client or a scanner, and the request's answer (its status is in the
 * request log) is all there is to say. Logged as an error with a stack, every such request looked
 * like a fault of ours (issue 42 D10).
 */
const OLD_DATA_REQUEST = "Warning: Single fetch-enabled apps should not be making ?_data requests";

/**
 * Unexpected loader/action/render errors, logged once with their stack and the request's id.
 * Not news: aborted requests (the client went away), Remix's own 4xx answers, such as a 405
 * for a POST to a route without an action or a GET of a resource route without a loader (Remix
 * hands those over with an internal Error attached, whose stack says nothing, decision 021), and
 * its warning about a `?_data=` request.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  if (error instanceof Error && error.message.startsWith(OLD_DATA_REQUEST)) return;
  const cause = isRouteErrorResponse(error) ? ((error as { error?: unknown }).error ?? error) : error;
  logger.error({ reqId: context.requestId, ...errorFields(cause) }, "unexpected error");
};
export const streamTimeout = ABORT_DELAY;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // The CSP nonce server.ts put in the header; React and Remix's inline scripts carry it.
  const nonce = loadContext.cspNonce || undefined;
  keepRefusalHeaders(remixContext.staticHandlerContext, responseHeaders);
  const waitForAll = isbot(request.headers.get("user-agent") ?? "");
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <DocumentOnlyContext.Provider value={loadContext.documentOnly ?? {}}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </DocumentOnlyContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new CoalescingStream();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // After an abort the stream's "closed early" is the client (or the edge) going away.
          if (shellRendered && !request.signal.aborted) logger.error(errorFields(error), "render error");
        },
      },
    );
    // The request edge aborts the request at its deadline (decision 020), or when the client went
    // away: the render stops there, its stream ends, instead of running on for nobody.
    if (request.signal.aborted) abort();
    else request.signal.addEventListener("abort", () => abort(), { once: true });
    setTimeout(abort, ABORT_DELAY + 1_000);
  });
}
