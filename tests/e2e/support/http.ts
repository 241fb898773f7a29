/**
 * Raw HTTP to the test server with any Host header. Node cannot resolve *.localhost the way
 * Chromium does, so requests that bypass the browser go to 127.0.0.1 and name the store host.
 */
import { request, type IncomingHttpHeaders } from "node:http";

/** An answer as it came: status, body and headers (Set-Cookie, Location). */
export interface HttpAnswer {
  status: number;
  body: string;
  headers: IncomingHttpHeaders;
}

export function postForm(
  host: string,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<HttpAnswer> {
  const body = new URLSearchParams(fields).toString();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: Number(process.env.E2E_PORT),
        path,
        method: "POST",
        headers: {
          Host: `${host}:${process.env.E2E_PORT}`,
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": Buffer.byteLength(body),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString("utf8"),
            headers: res.headers,
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** A GET with the given Host (store host, without the port) and headers. */
export function get(host: string, path: string, headers: Record<string, string> = {}): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: Number(process.env.E2E_PORT),
        path,
        headers: { Host: `${host}:${process.env.E2E_PORT}`, ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString("utf8"),
            headers: res.headers,
          }),
        );
      },
    );
    req.on("error", reject);
    req.end();
  });
}
