/**
 * The request edge (server/app.ts, decision 009), in process: methods, request targets, the
 * streamed body limit, the trusted host, security headers, personal pages and /healthz.
 */
import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { echoHandler, startEdge, type Echo, type EdgeServer } from "../helpers/edge-app";

/** Sends `raw` as is on a TCP socket and returns everything the server answered. */
function rawRequest(port: number, raw: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(raw));
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString("latin1")));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

let edge: EdgeServer;
beforeAll(async () => {
  edge = await startEdge();
});
afterAll(async () => {
  await edge.close();
});

describe("methods", () => {
  it.each(["TRACE", "PUT", "PATCH", "DELETE", "PROPFIND", "MKCOL", "PURGE"])(
    "%s → 405 with Allow",
    async (method) => {
      const answer = await rawRequest(
        edge.port,
        `${method} / HTTP/1.1\r\nHost: dyes.localhost:3000\r\nConnection: close\r\n\r\n`,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 405 /);
      expect(answer).toMatch(/\r\nAllow: GET, HEAD, POST, OPTIONS\r\n/i);
    },
  );

  it("OPTIONS → 204 with Allow; GET, HEAD and POST reach the app", async () => {
    const options = await fetch(`${edge.origin}/`, { method: "OPTIONS" });
    expect(options.status).toBe(204);
    expect(options.headers.get("Allow")).toBe("GET, HEAD, POST, OPTIONS");
    for (const method of ["GET", "HEAD", "POST"]) {
      const response = await fetch(`${edge.origin}/`, {
        method,
        body: method === "POST" ? "a=1" : undefined,
      });
      expect(response.status).toBe(200);
    }
  });
});

describe("request target", () => {
  it("an absolute-form target is served as the path on its host", async () => {
    const answer = await rawRequest(
      edge.port,
      "GET http://dyes.localhost:3000/products?page=2 HTTP/1.1\r\nHost: other.localhost\r\nConnection: close\r\n\r\n",
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    const echo = JSON.parse(
      answer.slice(answer.indexOf("\r\n\r\n") + 4).replace(/^[0-9a-f]+\r\n|\r\n0\r\n\r\n$/g, ""),
    ) as Echo;
    expect(echo.url).toBe("http://dyes.localhost:3000/products?page=2");
    expect(echo.headers.host).toBe("dyes.localhost:3000");
  });

  it.each(["ftp://x/", "http://[bad/", "*"])("a malformed target (%s) → 400", async (target) => {
    const answer = await rawRequest(
      edge.port,
      `GET ${target} HTTP/1.1\r\nHost: dyes.localhost:3000\r\nConnection: close\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
  });

  it.each([
    "/products?q=a%00b",
    "/admin/products?q=a%00b&status=all",
    "/admin/orders/export.csv?q=%00",
    "/products.data?q=a%00b",
    "/products/a%00b",
    "http://dyes.localhost:3000/platform/stores?q=%00",
  ])("a target that decodes to a NUL (%s) → 400 with the reason, before any route", async (target) => {
    const answer = await rawRequest(
      edge.port,
      `GET ${target} HTTP/1.1\r\nHost: dyes.localhost:3000\r\nConnection: close\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain("the address holds a NUL character (%00)");
  });

  it("a form posted to a target with a NUL → 400, the app never sees it; an escaped %2500 is only text", async () => {
    const posted = await fetch(`${edge.origin}/contact?x=%00`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: edge.origin },
      body: "comments=hello",
    });
    expect(posted.status).toBe(400);
    expect(await posted.text()).toContain("NUL");
    const text = await fetch(`${edge.origin}/products?q=100%2500`);
    expect(text.status).toBe(200);
    expect(((await text.json()) as Echo).url).toContain("/products?q=100%2500");
  });
});

describe("body limit", () => {
  it("a chunked 20 MB body is cut off at 8 MB with 413 and no more is read", async () => {
    let handed = 0;
    const limited = await startEdge({
      handle: async (request, req, res) => {
        handed += 1;
        return echoHandler(request, req, res);
      },
    });
    try {
      const total = 20 * 1024 * 1024;
      const chunk = Buffer.alloc(64 * 1024, 97);
      let sent = 0;
      const status = await new Promise<number>((resolve, reject) => {
        const request = http.request(`${limited.origin}/contact`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked" },
        });
        let answered = false;
        request.on("response", (response) => {
          answered = true;
          response.resume();
          resolve(response.statusCode ?? 0);
          request.destroy();
        });
        request.on("error", (error) => {
          if (!answered) reject(error);
        });
        const write = () => {
          while (!answered && sent < total) {
            sent += chunk.length;
            if (!request.write(chunk)) {
              request.once("drain", write);
              return;
            }
          }
          if (!answered) request.end();
        };
        write();
      });
      expect(status).toBe(413);
      expect(handed).toBe(1);
      // The server stopped reading: the client could not push the whole 20 MB (socket buffers
      // hold a few MB at most).
      expect(sent).toBeLessThan(total);
    } finally {
      await limited.close();
    }
  });

  it("a body under the limit arrives whole; a Content-Length over it is refused unread", async () => {
    const body = "a=".padEnd(1024 * 1024, "b");
    const ok = await fetch(`${edge.origin}/contact`, { method: "POST", body });
    expect(((await ok.json()) as Echo).bodyBytes).toBe(body.length);
    const answer = await rawRequest(
      edge.port,
      "POST /contact HTTP/1.1\r\nHost: dyes.localhost\r\nContent-Length: 9000000\r\nConnection: close\r\n\r\nabc",
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
  });

  it("a client that writes a declared 9 MB body before reading still gets its 413", async () => {
    const body = Buffer.alloc(9 * 1024 * 1024, 97);
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(`${edge.origin}/signup`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": body.length },
      });
      request.on("response", (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on("error", reject);
      request.end(body);
    });
    expect(status).toBe(413);
  });
});

describe("trusted host", () => {
  it("without TRUST_PROXY, X-Forwarded-Host and its port never reach Remix", async () => {
    const response = await fetch(`${edge.origin}/`, {
      headers: { "X-Forwarded-Host": "evil.example:8443", "X-Forwarded-Port": "8443" },
    });
    const echo = (await response.json()) as Echo;
    expect(echo.url).toBe(`${edge.origin}/`);
    expect(echo.headers.host).toBe(`127.0.0.1:${edge.port}`);
    expect(echo.headers["x-forwarded-host"]).toBeUndefined();
    expect(echo.headers["x-forwarded-port"]).toBeUndefined();
  });

  it("a same-origin POST with a different X-Forwarded-Host passes the origin check and Remix's", async () => {
    const response = await fetch(`${edge.origin}/contact`, {
      method: "POST",
      headers: { Origin: edge.origin, "X-Forwarded-Host": "evil.example", "Content-Type": "text/plain" },
      body: "a=1",
    });
    expect(response.status).toBe(200);
    const echo = (await response.json()) as Echo;
    // What Remix compares with Origin: one Host, the trusted one.
    expect(new URL(echo.headers.origin ?? "").host).toBe(echo.headers.host);
  });

  it("with TRUST_PROXY the forwarded host and protocol are the request's, and HSTS is sent", async () => {
    const proxied = await startEdge({ trustProxy: true });
    try {
      const response = await fetch(`${proxied.origin}/a?b=1`, {
        headers: { "X-Forwarded-Host": "dyes.example.com, proxy.internal", "X-Forwarded-Proto": "https" },
      });
      const echo = (await response.json()) as Echo;
      expect(echo.url).toBe("https://dyes.example.com/a?b=1");
      expect(echo.headers.host).toBe("dyes.example.com");
      expect(response.headers.get("Strict-Transport-Security")).toMatch(/max-age=\d+/);
    } finally {
      await proxied.close();
    }
  });

  it("a cross-origin POST is still refused with 403", async () => {
    const response = await fetch(`${edge.origin}/contact`, {
      method: "POST",
      headers: { Origin: "http://evil.example" },
      body: "a=1",
    });
    expect(response.status).toBe(403);
  });
});

describe("security headers", () => {
  it("every response carries them, with a fresh nonce handed to the page", async () => {
    const [first, second] = await Promise.all([fetch(`${edge.origin}/`), fetch(`${edge.origin}/`)]);
    const nonces = [];
    for (const response of [first, second]) {
      const csp = response.headers.get("Content-Security-Policy") ?? "";
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toBeTruthy();
      expect(((await response.json()) as Echo).nonce).toBe(nonce);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain("unsafe-eval");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(response.headers.get("X-Frame-Options")).toBe("DENY");
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
      // Plain http: no HSTS.
      expect(response.headers.get("Strict-Transport-Security")).toBeNull();
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
    const refused = await fetch(`${edge.origin}/`, { method: "DELETE" });
    expect(refused.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("development allows Vite's HMR websocket and nothing else more", async () => {
    const dev = await startEdge({ development: true });
    try {
      const csp = (await fetch(`${dev.origin}/`)).headers.get("Content-Security-Policy") ?? "";
      expect(csp).toMatch(/connect-src 'self' ws: wss:/);
    } finally {
      await dev.close();
    }
  });
});

describe("personal pages are not cached", () => {
  it.each([
    "/cart",
    "/wishlist",
    "/profile",
    "/profile/password",
    "/admin/products",
    "/checkout",
    "/orders/1",
    "/cart.data",
  ])("%s → Cache-Control: private, no-store", async (path) => {
    const response = await fetch(`${edge.origin}${path}`);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("a request with a login session, or a response setting a cookie, is private too", async () => {
    const signedIn = await fetch(`${edge.origin}/products`, { headers: { Cookie: "lng=en; __session=abc" } });
    expect(signedIn.headers.get("Cache-Control")).toBe("private, no-store");
    const setter = await startEdge({
      handle: async () => new Response("ok", { headers: { "Set-Cookie": "toast=1; Path=/" } }),
    });
    try {
      const response = await fetch(`${setter.origin}/`);
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    } finally {
      await setter.close();
    }
  });

  it("a public page stays as the app answered; an image that says public stays public", async () => {
    const anonymous = await fetch(`${edge.origin}/products`, { headers: { Cookie: "lng=en" } });
    expect(anonymous.headers.get("Cache-Control")).toBeNull();
    const images = await startEdge({
      handle: async () =>
        new Response("img", { headers: { "Cache-Control": "public, max-age=31536000, immutable" } }),
    });
    try {
      const response = await fetch(`${images.origin}/resources/image?url=x`, {
        headers: { Cookie: "__session=abc" },
      });
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    } finally {
      await images.close();
    }
  });
});

describe("/healthz", () => {
  it("says ok and nothing about the database", async () => {
    const response = await fetch(`${edge.origin}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("says unavailable (503) when the database does not answer", async () => {
    const down = await startEdge({
      healthy: async () => {
        throw new Error("connection refused");
      },
    });
    const error = console.error;
    console.error = () => {};
    try {
      const response = await fetch(`${down.origin}/healthz`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: "unavailable" });
    } finally {
      console.error = error;
      await down.close();
    }
  });
});
