/**
 * The account pages through their loaders and actions: validation messages, bad input of every
 * kind, sessions, reset and sign-in links by email, roles, tenancy and rate limits.
 */
import { readFileSync } from "node:fs";
import type { AppLoadContext } from "@remix-run/node";
import { and, count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emailOutbox, images, rateLimits, sessions, users } from "~/db/schema";
import { action as loginAction, loader as loginLoader } from "~/routes/login";
import { action as signupAction } from "~/routes/signup";
import { action as logoutAction } from "~/routes/logout";
import { action as forgotAction } from "~/routes/forgot-password";
import { action as resetAction, loader as resetLoader } from "~/routes/reset-password.$token";
import { action as linkAction } from "~/routes/login_.link";
import { action as useLinkAction } from "~/routes/login_.link_.$token";
import { action as profileAction } from "~/routes/profile";
import { action as passwordAction } from "~/routes/profile_.password";
import { loader as adminLoader } from "~/routes/admin";
import { signUp } from "~/services/identity/accounts.server";
import type { TestDb } from "../helpers/db";
import type { StoreFixture } from "../helpers/fixtures";
import { openTwoStores } from "../helpers/two-stores";
import { answer, contextFor, cookiesFrom, postForm } from "../helpers/routes";
import { findLink, startSmtpServer } from "../helpers/smtp";

const en = JSON.parse(readFileSync("app/locales/en.json", "utf8"));
const ar = JSON.parse(readFileSync("app/locales/ar.json", "utf8"));
const lookup = (dict: Record<string, unknown>, key: string) =>
  key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], dict);

let db: TestDb;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let alpha: StoreFixture;
let alphaCtx: AppLoadContext;
let betaCtx: AppLoadContext;
let address = 0;

const A = "http://alpha.localhost:3000";
const B = "http://beta.localhost:3000";
/** A fresh client address per request, so the per-address rate limit only bites where tested. */
const ctx = (base: AppLoadContext): AppLoadContext => ({
  ...base,
  clientAddress: `198.51.100.${++address % 250}`,
});
const args = (request: Request, context: AppLoadContext, params: Record<string, string> = {}) => ({
  request,
  context,
  params,
});

type FormAnswer = {
  result?: { error?: Record<string, string[] | null> } | null;
  notice?: { key: string; params?: Record<string, unknown> } | null;
};
const fieldErrors = (data: unknown) => (data as FormAnswer).result?.error ?? {};

async function userCount(storeId: string) {
  const [row] = await db.owner.select({ n: count() }).from(users).where(eq(users.storeId, storeId));
  return row!.n;
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  ({ db, alpha, alphaCtx, betaCtx } = await openTwoStores());
  await signUp(alpha.storeId, { name: "Alpha Admin", email: "admin@alpha.test", password: "admin-pass" });
  await db.owner.update(users).set({ isAdmin: true }).where(eq(users.email, "admin@alpha.test"));
  await signUp(alpha.storeId, { name: "Sara Shopper", email: "sara@alpha.test", password: "sara-pass" });
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  await db.dispose();
  await smtp.close();
});
beforeEach(async () => {
  await db.owner.delete(rateLimits);
});

async function login(context: AppLoadContext, base: string, email: string, password: string) {
  return answer(() => loginAction(args(postForm(`${base}/login`, { email, password }), ctx(context))));
}

describe("sign-up validation", () => {
  it.each([
    [
      { name: "", email: "new@alpha.test", password: "secret-1" },
      "name",
      "validation.nameRequired",
      "Name is required.",
    ],
    [
      { name: "Bob", email: "new@alpha.test", password: "secret-1" },
      "name",
      "validation.storeName",
      "Please enter valid Store Name",
    ],
    [
      { name: "Bobby", email: "", password: "secret-1" },
      "email",
      "validation.emailRequired",
      "Email is required.",
    ],
    [
      { name: "Bobby", email: "not-an-email", password: "secret-1" },
      "email",
      "validation.emailInvalid",
      "Please enter a valid email address",
    ],
    [
      { name: "Bobby", email: "new@alpha.test", password: "" },
      "password",
      "validation.passwordRequired",
      "Password is required.",
    ],
    [
      { name: "Bobby", email: "new@alpha.test", password: "12345" },
      "password",
      "validation.passwordMin",
      "must be at least 6 characters long",
    ],
  ])("answers 400 with the SPEC message for %j", async (fields, field, key, english) => {
    const before = await userCount(alpha.storeId);
    const res = await answer(() => signupAction(args(postForm(`${A}/signup`, fields), ctx(alphaCtx))));
    expect(res.status).toBe(400);
    expect(fieldErrors(res.data)[field]).toEqual([key]);
    expect(lookup(en, key)).toBe(english);
    expect(lookup(ar, key)).toMatch(/[\u0600-\u06FF]/);
    expect(await userCount(alpha.storeId)).toBe(before);
  });

  it.each([
    ["a 10 KB name", { name: "x".repeat(10_240), email: "big@alpha.test", password: "secret-1" }, "name"],
    [
      "a script tag",
      { name: "<script>alert(1)</script>", email: "xss@alpha.test", password: "secret-1" },
      "name",
    ],
    [
      "a bidi override",
      { name: "Evil\u202Egnp.exe", email: "bidi@alpha.test", password: "secret-1" },
      "name",
    ],
    [
      // (A NUL byte never reaches the fields: readForm refuses the whole form, see bad-input tests.)
      "a control character",
      { name: "Bell\u0007Byte", email: "nul@alpha.test", password: "secret-1" },
      "name",
    ],
    [
      "a 300-character email",
      { name: "Bobby", email: `${"a".repeat(290)}@alpha.test`, password: "secret-1" },
      "email",
    ],
    [
      "a 10 KB password",
      { name: "Bobby", email: "long@alpha.test", password: "p".repeat(10_240) },
      "password",
    ],
  ])("refuses %s with a field error and writes nothing", async (_label, fields, field) => {
    const before = await userCount(alpha.storeId);
    const res = await answer(() => signupAction(args(postForm(`${A}/signup`, fields), ctx(alphaCtx))));
    expect(res.status).toBe(400);
    expect(fieldErrors(res.data)[field]?.length).toBe(1);
    expect(await userCount(alpha.storeId)).toBe(before);
  });

  it("accepts an Arabic name", async () => {
    const res = await answer(() =>
      signupAction(
        args(
          postForm(`${A}/signup`, { name: "ليلى حسن", email: "layla@alpha.test", password: "secret-1" }),
          ctx(alphaCtx),
        ),
      ),
    );
    expect(res.status).toBe(302);
    const [row] = await db.owner.select().from(users).where(eq(users.email, "layla@alpha.test"));
    expect(row?.name).toBe("ليلى حسن");
  });

  it("refuses a body that is not a form (415), and a filled honeypot (400), with nothing written", async () => {
    const before = await userCount(alpha.storeId);
    const json = new Request(`${A}/signup`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Json Person", email: "json@alpha.test", password: "secret-1" }),
    });
    expect((await answer(() => signupAction(args(json, ctx(alphaCtx))))).status).toBe(415);
    const bot = postForm(`${A}/signup`, {
      name: "Robot Person",
      email: "bot@alpha.test",
      password: "secret-1",
      website: "http://spam.test",
    });
    expect((await answer(() => signupAction(args(bot, ctx(alphaCtx))))).status).toBe(400);
    expect(await userCount(alpha.storeId)).toBe(before);
  });

  it("signs the new shopper in, with a toast, a welcome email and the same email free in another store", async () => {
    const res = await answer(() =>
      signupAction(
        args(
          postForm(`${A}/signup?x=1`, {
            name: "Omar Farouk",
            email: "omar@example.com",
            password: "secret-1",
          }),
          ctx(alphaCtx),
        ),
      ),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
    expect(res.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(true);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("toast="))).toBe(true);
    const mail = smtp.messages.find((m) => m.to.includes("omar@example.com"));
    expect(mail?.subject).toBe(
      String(lookup(en, "email.welcome.subject")).replace("{{store}}", "Store alpha"),
    );
    const other = await answer(() =>
      signupAction(
        args(
          postForm(`${B}/signup`, { name: "Omar in Beta", email: "omar@example.com", password: "other-1" }),
          ctx(betaCtx),
        ),
      ),
    );
    expect(other.status).toBe(302);
    const again = await answer(() =>
      signupAction(
        args(
          postForm(`${A}/signup`, { name: "Omar Again", email: "OMAR@example.com", password: "secret-2" }),
          ctx(alphaCtx),
        ),
      ),
    );
    expect(again.status).toBe(409);
    expect(fieldErrors(again.data).email).toEqual(["auth.emailTaken"]);
  });
});

describe("login", () => {
  it("requires email and password, with the SPEC messages", async () => {
    const res = await answer(() =>
      loginAction(args(postForm(`${A}/login`, { email: "", password: "" }), ctx(alphaCtx))),
    );
    expect(res.status).toBe(400);
    expect(fieldErrors(res.data)).toMatchObject({
      email: ["validation.emailRequired"],
      password: ["validation.passwordRequired"],
    });
  });

  it("refuses a wrong password with a clear message and no session", async () => {
    const res = await login(alphaCtx, A, "sara@alpha.test", "wrong-pass");
    expect(res.status).toBe(400);
    expect((res.data as FormAnswer).notice?.key).toBe("auth.invalidCredentials");
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it("sends a shopper back where they were and an admin to the dashboard", async () => {
    const shopper = await answer(() =>
      loginAction(
        args(
          postForm(`${A}/login`, {
            email: "sara@alpha.test",
            password: "sara-pass",
            redirectTo: "/wishlist?x=1",
          }),
          ctx(alphaCtx),
        ),
      ),
    );
    expect(shopper.headers.get("Location")).toBe("/wishlist?x=1");
    const admin = await login(alphaCtx, A, "admin@alpha.test", "admin-pass");
    expect(admin.headers.get("Location")).toBe("/admin/dashboard");
  });

  it("never redirects to another origin", async () => {
    for (const redirectTo of ["//evil.test", "https://evil.test/", "/\\evil.test", "javascript:alert(1)"]) {
      const res = await answer(() =>
        loginAction(
          args(
            postForm(`${A}/login`, { email: "sara@alpha.test", password: "sara-pass", redirectTo }),
            ctx(alphaCtx),
          ),
        ),
      );
      expect(res.headers.get("Location")).toBe("/");
    }
  });

  it("tells an email-link account its method", async () => {
    await db.owner.insert(users).values({
      storeId: alpha.storeId,
      email: "hana@alpha.test",
      name: "Hana Link",
      signInMethod: "email-link",
    });
    const res = await login(alphaCtx, A, "hana@alpha.test", "anything");
    expect(res.status).toBe(400);
    expect((res.data as FormAnswer).notice).toEqual({
      key: "auth.otherMethod",
      params: { method: "email-link" },
    });
    expect(lookup(en, "auth.otherMethod")).toBe(
      "You previously logged in with the following method: {{method}}",
    );
  });

  it("gives 429 with Retry-After to the 11th attempt within a minute from one address", async () => {
    const context = { ...alphaCtx, clientAddress: "192.0.2.99" };
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 11; i++) {
      last = await answer(() =>
        loginAction(args(postForm(`${A}/login`, { email: "sara@alpha.test", password: "bad" }), context)),
      );
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(Number(last!.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((last!.data as FormAnswer).notice?.key).toBe("errors.tooManyRequests");
  });

  it("gives a fresh session id on every login", async () => {
    const first = await login(alphaCtx, A, "sara@alpha.test", "sara-pass");
    const cookie = cookiesFrom(first.headers);
    const second = await answer(() =>
      loginAction(
        args(
          postForm(`${A}/login`, { email: "sara@alpha.test", password: "sara-pass" }, cookie),
          ctx(alphaCtx),
        ),
      ),
    );
    const a = first.headers.getSetCookie().find((c) => c.startsWith("__session="));
    const b = second.headers.getSetCookie().find((c) => c.startsWith("__session="));
    expect(a && b && a !== b).toBe(true);
  });
});

describe("sessions across stores and roles", () => {
  it("a store A session is nobody on store B, and an admin of A is no admin of B", async () => {
    const res = await login(alphaCtx, A, "admin@alpha.test", "admin-pass");
    const cookie = cookiesFrom(res.headers);
    const onA = await answer(() =>
      adminLoader(args(new Request(`${A}/admin/dashboard`, { headers: { Cookie: cookie } }), alphaCtx)),
    );
    expect(onA.status).toBe(200);
    const onB = await answer(() =>
      adminLoader(args(new Request(`${B}/admin/dashboard`, { headers: { Cookie: cookie } }), betaCtx)),
    );
    expect(onB.status).toBe(302);
    expect(onB.headers.get("Location")).toBe("/login?redirectTo=%2Fadmin%2Fdashboard");
    const loginPageOnB = await answer(() =>
      loginLoader(args(new Request(`${B}/login`, { headers: { Cookie: cookie } }), betaCtx)),
    );
    expect(loginPageOnB.status).toBe(200);
  });

  it("a shopper gets 403 at /admin and anonymous gets the login", async () => {
    const res = await login(alphaCtx, A, "sara@alpha.test", "sara-pass");
    const cookie = cookiesFrom(res.headers);
    expect(
      (
        await answer(() =>
          adminLoader(args(new Request(`${A}/admin/users`, { headers: { Cookie: cookie } }), alphaCtx)),
        )
      ).status,
    ).toBe(403);
    const anonymous = await answer(() => adminLoader(args(new Request(`${A}/admin/users?tab=2`), alphaCtx)));
    expect(anonymous.headers.get("Location")).toBe("/login?redirectTo=%2Fadmin%2Fusers%3Ftab%3D2");
  });

  it("logout kills the session on the server", async () => {
    const res = await login(alphaCtx, A, "sara@alpha.test", "sara-pass");
    const cookie = cookiesFrom(res.headers);
    const [{ n: before }] = (await db.owner
      .select({ n: count() })
      .from(sessions)
      .where(eq(sessions.storeId, alpha.storeId))) as [{ n: number }];
    const out = await answer(() => logoutAction(args(postForm(`${A}/logout`, {}, cookie), alphaCtx)));
    expect(out.status).toBe(302);
    const [{ n: after }] = (await db.owner
      .select({ n: count() })
      .from(sessions)
      .where(eq(sessions.storeId, alpha.storeId))) as [{ n: number }];
    expect(after).toBe(before - 1);
    const replay = await answer(() =>
      adminLoader(args(new Request(`${A}/admin`, { headers: { Cookie: cookie } }), alphaCtx)),
    );
    expect(replay.status).toBe(302);
  });
});

describe("forgot and reset password by email", () => {
  it("answers 'Please Check Your Mail' for any address, mailing only real accounts", async () => {
    const sent = smtp.messages.length;
    const ghost = await answer(() =>
      forgotAction(args(postForm(`${A}/forgot-password`, { email: "ghost@alpha.test" }), ctx(alphaCtx))),
    );
    const real = await answer(() =>
      forgotAction(args(postForm(`${A}/forgot-password`, { email: "sara@alpha.test" }), ctx(alphaCtx))),
    );
    expect(ghost.status).toBe(302);
    expect(real.status).toBe(302);
    expect(ghost.headers.get("Location")).toBe(real.headers.get("Location"));
    expect(smtp.messages.length).toBe(sent + 1);
    expect(smtp.messages.at(-1)!.to).toEqual(["sara@alpha.test"]);
  });

  it("mails a single-use link in the shopper's language that resets the password and signs in", async () => {
    const request = postForm(`${A}/forgot-password?lng=ar`, { email: "sara@alpha.test" });
    // The load context carries the request's language, as server.ts builds it.
    const arCtx = await contextFor(db, "alpha.localhost", { request });
    await answer(() => forgotAction(args(request, ctx(arCtx))));
    const mail = smtp.messages.at(-1)!;
    expect(mail.subject).toBe(
      String(lookup(ar, "email.reset-password.subject")).replace("{{store}}", "Store alpha"),
    );
    expect(mail.subject).toMatch(/[\u0600-\u06FF]/);
    expect(mail.body).toContain('dir="rtl"');
    const link = findLink(mail, "/reset-password/");
    expect(link).toMatch(/^http:\/\/alpha\.localhost:3000\/reset-password\/[A-Za-z0-9_-]{43}$/);
    const token = link!.split("/").at(-1)!;

    expect((await answer(() => resetLoader(args(new Request(link!), alphaCtx, { token })))).status).toBe(200);
    const tooShort = await answer(() =>
      resetAction(args(postForm(link!, { password: "123" }), alphaCtx, { token })),
    );
    expect(tooShort.status).toBe(400);
    const done = await answer(() =>
      resetAction(args(postForm(link!, { password: "sara-new-pass" }), alphaCtx, { token })),
    );
    expect(done.status).toBe(302);
    expect(done.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(true);
    const reused = await answer(() =>
      resetAction(args(postForm(link!, { password: "sara-third" }), alphaCtx, { token })),
    );
    expect(reused.status).toBe(410);
    expect((await answer(() => resetLoader(args(new Request(link!), alphaCtx, { token })))).status).toBe(410);
    expect((await login(alphaCtx, A, "sara@alpha.test", "sara-new-pass")).status).toBe(302);
  });

  it("keeps an outbox row of every message", async () => {
    const rows = await db.owner
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.storeId, alpha.storeId), eq(emailOutbox.kind, "reset-password")));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.status === "sent")).toBe(true);
  });
});

describe("sign-in links", () => {
  it("mail a link whose page does nothing on GET and signs in on POST, once", async () => {
    await answer(() =>
      linkAction(args(postForm(`${A}/login/link`, { email: "newbie@alpha.test" }), ctx(alphaCtx))),
    );
    const mail = smtp.messages.at(-1)!;
    expect(mail.to).toEqual(["newbie@alpha.test"]);
    const link = findLink(mail, "/login/link/")!;
    const token = link.split("/").at(-1)!;
    const used = await answer(() => useLinkAction(args(postForm(link, {}), alphaCtx, { token })));
    expect(used.status).toBe(302);
    const [user] = await db.owner.select().from(users).where(eq(users.email, "newbie@alpha.test"));
    expect(user?.signInMethod).toBe("email-link");
    const again = await answer(() => useLinkAction(args(postForm(link, {}), alphaCtx, { token })));
    expect(again.status).toBe(410);
    const onB = await answer(() =>
      useLinkAction(args(postForm(link.replace("alpha", "beta"), {}), betaCtx, { token })),
    );
    expect(onB.status).toBe(410);
  });
});

describe("profile", () => {
  async function signedIn() {
    return cookiesFrom((await login(alphaCtx, A, "admin@alpha.test", "admin-pass")).headers);
  }
  function multipart(
    cookie: string,
    name: string,
    file?: { bytes: Uint8Array; filename: string; type: string },
  ) {
    const form = new FormData();
    form.set("name", name);
    if (file) form.set("photo", new File([new Uint8Array(file.bytes)], file.filename, { type: file.type }));
    return new Request(`${A}/profile`, { method: "POST", headers: { Cookie: cookie }, body: form });
  }
  const imageCount = async () =>
    (
      (await db.owner.select({ n: count() }).from(images).where(eq(images.storeId, alpha.storeId))) as [
        { n: number },
      ]
    )[0].n;

  it("saves a name and a real PNG photo", async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#336699" } })
      .png()
      .toBuffer();
    const cookie = await signedIn();
    const res = await answer(() =>
      profileAction(
        args(
          multipart(cookie, "Alpha Owner", { bytes: png, filename: "me.png", type: "image/png" }),
          alphaCtx,
        ),
      ),
    );
    expect(res.status).toBe(302);
    const [user] = await db.owner.select().from(users).where(eq(users.email, "admin@alpha.test"));
    expect(user?.name).toBe("Alpha Owner");
    expect(user?.imageId).not.toBeNull();
  });

  it("refuses a 3-letter name with a message about a person's name, not sign-up's store name (issue 39)", async () => {
    const cookie = await signedIn();
    const res = await answer<{ result: { error: Record<string, string[]> } }>(() =>
      profileAction(args(multipart(cookie, "Bob"), alphaCtx)),
    );
    expect(res.status).toBe(400);
    expect(res.data.result.error.name).toEqual(["validation.nameTooShort"]);
    const [user] = await db.owner.select().from(users).where(eq(users.email, "admin@alpha.test"));
    expect(user?.name).toBe("Alpha Owner");
  });

  it("refuses a text file renamed .png, and a 6 MB photo, changing nothing", async () => {
    const cookie = await signedIn();
    const before = await imageCount();
    const fake = await answer(() =>
      profileAction(
        args(
          multipart(cookie, "Renamed Name", {
            bytes: new TextEncoder().encode("just text, honest"),
            filename: "me.png",
            type: "image/png",
          }),
          alphaCtx,
        ),
      ),
    );
    expect(fake.status).toBe(415);
    expect((fake.data as { photoError: string }).photoError).toBe("validation.imageType");
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const huge = await answer(() =>
      profileAction(
        args(
          multipart(cookie, "Huge Name", { bytes: big, filename: "big.png", type: "image/png" }),
          alphaCtx,
        ),
      ),
    );
    expect(huge.status).toBe(413);
    expect(await imageCount()).toBe(before);
    const [user] = await db.owner.select().from(users).where(eq(users.email, "admin@alpha.test"));
    expect(user?.name).toBe("Alpha Owner");
  });

  it("needs a signed-in user", async () => {
    const res = await answer(() => profileAction(args(multipart("", "Nobody Here"), alphaCtx)));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });
});

describe("change password", () => {
  it("refuses a wrong current password and ends other sessions on success", async () => {
    const here = cookiesFrom((await login(alphaCtx, A, "admin@alpha.test", "admin-pass")).headers);
    const elsewhere = cookiesFrom((await login(alphaCtx, A, "admin@alpha.test", "admin-pass")).headers);
    const wrong = await answer(() =>
      passwordAction(
        args(
          postForm(`${A}/profile/password`, { currentPassword: "nope", newPassword: "admin-new" }, here),
          alphaCtx,
        ),
      ),
    );
    expect(wrong.status).toBe(400);
    expect(fieldErrors(wrong.data).currentPassword).toEqual(["profile.wrongCurrentPassword"]);
    const ok = await answer(() =>
      passwordAction(
        args(
          postForm(
            `${A}/profile/password`,
            { currentPassword: "admin-pass", newPassword: "admin-new" },
            here,
          ),
          alphaCtx,
        ),
      ),
    );
    expect(ok.status).toBe(302);
    expect(
      (
        await answer(() =>
          adminLoader(args(new Request(`${A}/admin`, { headers: { Cookie: here } }), alphaCtx)),
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await answer(() =>
          adminLoader(args(new Request(`${A}/admin`, { headers: { Cookie: elsewhere } }), alphaCtx)),
        )
      ).status,
    ).toBe(302);
  });
});

describe("platform staff", () => {
  it("sign in on the platform host with their own session, and see the store list", async () => {
    const { hashPassword } = await import("~/services/identity/passwords.server");
    const { platformStaff } = await import("~/db/schema");
    const { loader: storesLoader } = await import("~/routes/platform.stores._index");
    await db.owner.insert(platformStaff).values({
      email: "ops@platform.test",
      name: "Ops Person",
      passwordHash: await hashPassword("ops-pass-1"),
    });
    const platformCtx = await contextFor(db, "localhost");

    const wrong = await answer(() =>
      loginAction(
        args(
          postForm("http://localhost:3000/login", { email: "admin@alpha.test", password: "admin-pass" }),
          ctx(platformCtx),
        ),
      ),
    );
    expect(wrong.status).toBe(400);

    const res = await answer(() =>
      loginAction(
        args(
          postForm("http://localhost:3000/login", { email: "ops@platform.test", password: "ops-pass-1" }),
          ctx(platformCtx),
        ),
      ),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/platform/stores");
    const cookie = cookiesFrom(res.headers);
    expect(cookie).toMatch(/__staff=/);

    const list = await answer<{ rows: { slug: string }[] }>(() =>
      storesLoader(
        args(
          new Request("http://localhost:3000/platform/stores", { headers: { Cookie: cookie } }),
          platformCtx,
        ),
      ),
    );
    expect(list.status).toBe(200);
    expect(list.data.rows.map((s) => s.slug).sort()).toEqual(["alpha", "beta"]);

    const anonymous = await answer(() =>
      storesLoader(args(new Request("http://localhost:3000/platform/stores"), platformCtx)),
    );
    expect(anonymous.status).toBe(302);
    // The staff cookie is nobody on a store host, and the store list is not served there.
    expect(
      (
        await answer(() =>
          adminLoader(args(new Request(`${A}/admin`, { headers: { Cookie: cookie } }), alphaCtx)),
        )
      ).status,
    ).toBe(302);
    expect(
      (
        await answer(() =>
          storesLoader(args(new Request(`${A}/platform/stores`, { headers: { Cookie: cookie } }), alphaCtx)),
        )
      ).status,
    ).toBe(404);
  });
});
