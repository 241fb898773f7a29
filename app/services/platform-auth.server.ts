/**
 * Platform staff (DESIGN §5): their own table and their own session cookie on the platform host.
 */
import { createHash, randomBytes } from "node:crypto";
import { createCookie, redirect } from "@remix-run/node";
import { and, eq, gt, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { platformSessions, platformStaff } from "~/db/schema";
import { cookieDefaults, cookieSecrets } from "~/lib/cookies.server";
import { hashPassword, verifyPassword } from "./passwords.server";
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from "./sessions.server";

export interface StaffUser {
  id: string;
  email: string;
  name: string;
}

let cookie: ReturnType<typeof createCookie> | undefined;
function staffCookie() {
  cookie ??= createCookie("__staff", {
    ...cookieDefaults,
    maxAge: SESSION_ABSOLUTE_MS / 1000,
    secrets: cookieSecrets(),
  });
  return cookie;
}
const hashId = (id: string) => createHash("sha256").update(id).digest("hex");

async function readStaffHash(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("__staff=")) return null;
  const value: unknown = await staffCookie().parse(header);
  return typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value) ? hashId(value) : null;
}

let dummyHash: Promise<string> | undefined;

export async function signInStaff(email: string, password: string): Promise<StaffUser | null> {
  const db = await getDb();
  const [row] = await db.withPlatform((tx) =>
    tx
      .select()
      .from(platformStaff)
      .where(sql`lower(${platformStaff.email}) = ${email.trim().toLowerCase()}`),
  );
  if (!row) {
    await verifyPassword(await (dummyHash ??= hashPassword("timing-equaliser-not-a-password")), password);
    return null;
  }
  return (await verifyPassword(row.passwordHash, password))
    ? { id: row.id, email: row.email, name: row.name }
    : null;
}

export async function createStaffSession(staffId: string, request: Request): Promise<string> {
  const previous = await readStaffHash(request);
  const id = randomBytes(32).toString("base64url");
  const db = await getDb();
  await db.withPlatform(async (tx) => {
    if (previous) await tx.delete(platformSessions).where(eq(platformSessions.id, previous));
    await tx
      .insert(platformSessions)
      .values({ id: hashId(id), staffId, expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS) });
  });
  return staffCookie().serialize(id);
}

export async function getStaff(request: Request): Promise<StaffUser | null> {
  const hash = await readStaffHash(request);
  if (!hash) return null;
  const db = await getDb();
  const [row] = await db.withPlatform((tx) =>
    tx
      .select({ id: platformStaff.id, email: platformStaff.email, name: platformStaff.name })
      .from(platformSessions)
      .innerJoin(platformStaff, eq(platformStaff.id, platformSessions.staffId))
      .where(
        and(
          eq(platformSessions.id, hash),
          gt(platformSessions.expiresAt, new Date()),
          gt(platformSessions.lastSeenAt, new Date(Date.now() - SESSION_IDLE_MS)),
        ),
      ),
  );
  return row ?? null;
}

export async function requireStaff(request: Request): Promise<StaffUser> {
  const staff = await getStaff(request);
  if (!staff) {
    const url = new URL(request.url);
    throw redirect(`/login?${new URLSearchParams({ redirectTo: url.pathname })}`);
  }
  return staff;
}

export async function destroyStaffSession(request: Request): Promise<string> {
  const hash = await readStaffHash(request);
  if (hash) {
    const db = await getDb();
    await db.withPlatform((tx) => tx.delete(platformSessions).where(eq(platformSessions.id, hash)));
  }
  return staffCookie().serialize("", { maxAge: 0 });
}
