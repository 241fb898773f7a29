/**
 * A sign-in on the platform host carrying forged field names (a `__proto__` or `constructor`
 * step, an intent stepping into `__proto__`) with the right credentials is refused 400 and signs
 * nobody in, whether or not the request already carries a staff session. readForm refused such a
 * body, but as the form's notice; on a document request Remix then runs the page's loaders, and
 * /login's sends someone signed in on to /platform/stores: the route matrix's platform forms saw
 * a staff session's forged sign-in answer 302. Through the app's whole request handler, as a
 * browser's document POST is answered.
 */
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { platformStaff } from "~/db/schema";
import { createLoadContext } from "~/http/load-context.server";
import { hashPassword } from "~/services/identity/passwords.server";
import { resolveTenantUncached } from "~/services/store/tenancy.server";
import { createTestDb, type TestDb } from "../helpers/db";
import { loadApp, type LoadedApp } from "../helpers/matrix/app";
import { staffCookie } from "../helpers/sessions";

const PLATFORM = "http://localhost:3000";
const CREDENTIALS: Array<[string, string]> = [
  ["email", "ops@platform.test"],
  ["password", "ops-pass-1"],
];
const FORGED: Array<[string, Array<[string, string]>]> = [
  ["__proto__[x]", [["__proto__[x]", "1"]]],
  ["__proto__.polluted", [["__proto__.polluted", "1"]]],
  ["constructor", [["constructor", "x"]]],
  ["__proto__ intent", [["__intent__", '{"type":"remove","payload":{"name":"__proto__","index":1}}']]],
];

let db: TestDb;
let app: LoadedApp;
let staffId: string;
let address = 0;

beforeAll(async () => {
  db = await createTestDb();
  const [row] = await db.owner
    .insert(platformStaff)
    .values({ email: "ops@platform.test", name: "Ops Person", passwordHash: await hashPassword("ops-pass-1") })
    .returning({ id: platformStaff.id });
  staffId = row!.id;
  app = await loadApp(db);
}, 240_000);

afterAll(async () => {
  await app?.close();
  await db?.dispose();
});

/** A document POST to the platform's /login, answered as server.ts would. */
async function signIn(fields: Array<[string, string]>, cookie?: string) {
  const url = new URL("/login", PLATFORM);
  const headers = new Headers({
    Host: url.host,
    Origin: url.origin,
    "Sec-Fetch-Site": "same-origin",
    "Content-Type": "application/x-www-form-urlencoded",
  });
  if (cookie) headers.set("Cookie", cookie);
  address += 1;
  const context: AppLoadContext = {
    ...(await createLoadContext({
      url,
      cookieHeader: cookie ?? null,
      tenant: await resolveTenantUncached(db, "localhost", "localhost"),
      clientAddress: `198.51.100.${address}`,
    })),
    shared: {},
  };
  const request = new Request(url, { method: "POST", headers, body: new URLSearchParams(fields).toString() });
  return app.handle(request, context);
}

describe("the platform's sign-in with forged fields", () => {
  it.each(FORGED)("%s with the right credentials: 400, no session", async (_label, forged) => {
    const anonymous = await signIn([...CREDENTIALS, ...forged]);
    expect([anonymous.status, anonymous.headers.get("Location")]).toEqual([400, null]);
    expect(anonymous.headers.get("Set-Cookie") ?? "").not.toMatch(/__staff=/);
    // Already signed in: the page's loader would send them on, but the refusal stands.
    const signedIn = await signIn([...CREDENTIALS, ...forged], await staffCookie(staffId, PLATFORM));
    expect([signedIn.status, signedIn.headers.get("Location")]).toEqual([400, null]);
    expect(signedIn.headers.get("Set-Cookie") ?? "").not.toMatch(/__staff=/);
  });

  it("signs in with the same credentials and nothing forged", async () => {
    const answer = await signIn(CREDENTIALS);
    expect([answer.status, answer.headers.get("Location")]).toEqual([302, "/platform/stores"]);
    expect(answer.headers.get("Set-Cookie")).toMatch(/__staff=/);
  });
});
