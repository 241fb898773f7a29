/**
 * The security probe's defects at the edge and in the form layer (issue 18, item 4), through the
 * real server: a Host with userinfo, `/healthz` caching, a forged Conform intent or field name on
 * every action, and a non-form body to every resource route's action.
 */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../helpers/db";
import { startEdge, type EdgeServer } from "../helpers/edge-app";
import { createStoreFixture } from "../helpers/fixtures";
import { loadApp, type LoadedApp } from "../helpers/matrix/app";
import { FORGED_FIELDS } from "../helpers/matrix/corpus";
import { contextFor } from "../helpers/routes";

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

describe("the edge", () => {
  let edge: EdgeServer;
  beforeAll(async () => {
    edge = await startEdge();
  });
  afterAll(() => edge.close());

  it.each([
    ["userinfo", "inks.localhost@dyes.localhost"],
    ["userinfo with a password", "a:b@dyes.localhost:3000"],
    ["a path", "dyes.localhost/x"],
    ["a space", "dyes localhost"],
  ])("a Host with %s → 400", async (_label, host) => {
    for (const method of ["GET", "POST"]) {
      const answer = await rawRequest(
        edge.port,
        `${method} / HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    }
  });

  it("a well-formed Host still reaches the app", async () => {
    for (const host of ["dyes.localhost:3000", "127.0.0.1", "[::1]:3000", "shop.example.com"]) {
      const answer = await rawRequest(
        edge.port,
        `GET / HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
      );
      expect(answer, host).toMatch(/^HTTP\/1\.1 200 /);
    }
  });

  it("/healthz is never cached", async () => {
    const response = await fetch(`${edge.origin}/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });
});

describe("every action of the app", () => {
  let db: TestDb;
  let app: LoadedApp;
  const HOST = "alpha.localhost:3000";

  beforeAll(async () => {
    db = await createTestDb();
    await createStoreFixture(db, "alpha");
    app = await loadApp(db);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.dispose();
  });

  const post = async (path: string, contentType: string, body: string) => {
    const url = `http://${HOST}${path}`;
    const headers = { "Content-Type": contentType, Origin: `http://${HOST}`, Host: HOST };
    const response = await app.handle(
      new Request(url, { method: "POST", headers, body }),
      await contextFor(db, "alpha.localhost", {
        clientAddress: `198.51.100.${Math.floor(Math.random() * 250)}`,
      }),
    );
    return { status: response.status, type: response.headers.get("Content-Type") ?? "" };
  };

  /** Each route with an action, its path with placeholder parameters. */
  const actionPaths = () =>
    app.routes
      .filter((route) => route.hasAction)
      .map((route) => ({
        route,
        path: route.path.replace(/:[a-z]+/gi, "x").replace(/\/\*$/, "/x") + (route.index ? "?index" : ""),
      }));

  it("refuses a non-form body to every resource route's action with 415", async () => {
    // A resource route has no page (no default export). Stripe's webhook and the Admin API take
    // JSON by design (the API's refusals of other bodies are admin-api.test's).
    const resources = actionPaths().filter(
      ({ route }) =>
        !app.build.routes[route.id]!.module.default &&
        route.path !== "/webhooks/stripe" &&
        !route.path.startsWith("/api/v1/"),
    );
    expect(resources.map(({ path }) => path)).toEqual(
      expect.arrayContaining(["/resources/theme", "/logout"]),
    );
    for (const { path } of resources) {
      for (const [type, body] of [
        ["application/json", '{"theme":"dark"}'],
        ["text/plain", "theme=dark"],
        ["application/xml", "<theme>dark</theme>"],
      ] as const) {
        expect([path, type, (await post(path, type, body)).status]).toEqual([path, type, 415]);
      }
    }
  });

  it("refuses the forged intent and field names with 400 on the anonymous actions", async () => {
    // The route matrix sends these with every form as every identity; here, one request each.
    for (const { path } of actionPaths()) {
      if (path === "/webhooks/stripe") continue;
      for (const [label, extra] of [
        ...FORGED_FIELDS,
        [
          "constructor intent",
          [["__intent__", '{"type":"validate","payload":{"name":"constructor.prototype"}}']],
        ],
        ["nested __proto__ field", [["items[0].__proto__.polluted", "x"]]],
      ] as const) {
        const { status } = await post(
          path,
          "application/x-www-form-urlencoded",
          new URLSearchParams(extra.map(([n, v]) => [n, v])).toString(),
        );
        // Refused before or while reading, never a 5xx.
        expect([path, label, status < 500]).toEqual([path, label, true]);
      }
    }
    const crafted = new URLSearchParams({
      __intent__: '{"type":"remove","payload":{"name":"__proto__","index":1}}',
    }).toString();
    for (const path of ["/contact", "/login", "/forgot-password", "/resources/theme"]) {
      expect([path, (await post(path, "application/x-www-form-urlencoded", crafted)).status]).toEqual([
        path,
        400,
      ]);
    }
  });
});
