/**
 * One HTTP exchange through node:http, because fetch() will not send a Host header of our choosing
 * (every store is a host on the same loopback port). The body comes back as the browser has it:
 * decompressed (gzip or brotli), not decoded, so a test can look at the bytes themselves.
 */
import http from "node:http";
import zlib from "node:zlib";

export interface RawReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  bytes: Buffer;
}

export interface RawRequest {
  port: number;
  /** The Host header: `store.localhost:port`, `pca.localhost`… */
  host: string;
  path: string;
  method?: string;
  headers?: http.OutgoingHttpHeaders;
  body?: string;
  /** The connection pool to send on (keep-alive, a socket limit); Node's global agent without it. */
  agent?: http.Agent;
  /** Rejects (and destroys the request) when the whole answer has not come within this many ms. */
  giveUpMs?: number;
}

function decompress(raw: Buffer, encoding: string | undefined): Buffer {
  if (raw.byteLength === 0) return raw;
  if (encoding === "br") return zlib.brotliDecompressSync(raw);
  if (encoding === "gzip") return zlib.gunzipSync(raw);
  return raw;
}

export function rawRequest({
  port,
  host,
  path,
  method = "GET",
  headers = {},
  body,
  agent,
  giveUpMs,
}: RawRequest): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port, path, method, agent, headers: { host, ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const bytes = decompress(Buffer.concat(chunks), response.headers["content-encoding"]);
          resolve({ status: response.statusCode ?? 0, headers: response.headers, bytes });
        });
        response.on("error", reject);
      },
    );
    if (giveUpMs !== undefined) {
      const timer = setTimeout(() => request.destroy(new Error(`gave up after ${giveUpMs} ms`)), giveUpMs);
      request.on("close", () => clearTimeout(timer));
    }
    request.on("error", reject);
    request.end(body);
  });
}

export interface TextReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** The same exchange with the body decoded as UTF-8. */
export async function textRequest(options: RawRequest): Promise<TextReply> {
  const { status, headers, bytes } = await rawRequest(options);
  return { status, headers, body: bytes.toString() };
}

/**
 * A form post as a browser on `host` sends it: same origin, urlencoded, from a client address of
 * its own (`x-forwarded-for`), because the sign-in and sign-up rate limits are per address.
 */
export function formHeaders(host: string, clientAddress: string): http.OutgoingHttpHeaders {
  return {
    origin: `http://${host}`,
    "content-type": "application/x-www-form-urlencoded",
    "x-forwarded-for": clientAddress,
  };
}
