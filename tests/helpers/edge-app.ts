/**
 * The real Express app of server.ts (server/app.ts) listening on a free port in this process,
 * with a stand-in for Remix that tells what it was handed, or with a tiny real Remix build.
 */
import http, { type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createApp, type AppOptions } from "../../server/app";

export interface EdgeServer {
  port: number;
  origin: string;
  close(): Promise<void>;
}

/** What the stand-in for Remix answers: the request as Remix would have seen it. */
export interface Echo {
  url: string;
  method: string;
  headers: Record<string, string>;
  bodyBytes: number;
  nonce: string;
}

export const echoHandler: AppOptions["handle"] = async (request, _req, res) => {
  const bodyBytes = request.body ? (await request.arrayBuffer()).byteLength : 0;
  const echo: Echo = {
    url: request.url,
    method: request.method,
    headers: Object.fromEntries(request.headers.entries()),
    bodyBytes,
    nonce: String(res.locals.cspNonce ?? ""),
  };
  return Response.json(echo);
};

export async function startEdge(options: Partial<AppOptions> = {}): Promise<EdgeServer> {
  const app = createApp({
    development: false,
    trustProxy: false,
    healthy: async () => true,
    assets: [],
    handle: echoHandler,
    ...options,
  });
  const server: Server = await new Promise((resolve) => {
    const listening = http.createServer(app).listen(0, "127.0.0.1", () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
