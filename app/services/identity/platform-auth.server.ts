/**
 * Platform staff (DESIGN §5): their own table and their own session cookie on the platform host.
 */
import { redirect } from "@remix-run/node";
import { and, eq, gt, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { platformSessions, platformStaff } from "~/db/schema";
import { verifyAgainstNoAccount, verifyPassword } from "~/services/identity/passwords.server";
import {
  hashSessionId,
  newSessionId,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  sessionCookie,
} from "~/services/identity/session-cookie.server";

export interface StaffUser {
  id: string;
  email: string;
  name: string;
}

const cookie = sessionCookie("__staff");

export async function signInStaff(email: string, password: string): Promise<StaffUser | null> {
  const db = await getDb();
  const [row] = await db.withPlatform((tx) =>
    tx
      .select()
      .from(platformStaff)
      .where(sql`lower(${platformStaff.email}) = ${email.trim().toLowerCase()}`),
  );
  if (!row) return verifyAgainstNoAccount(password).then(() => null);
  return (await verifyPassword(row.passwordHash, password))
    ? { id: row.id, email: row.email, name: row.name }
    : null;
}

export async function createStaffSession(staffId: string, request: Request): Promise<string> {
  const previous = await cookie.readHash(request);
  const id = newSessionId();
  const db = await getDb();
  await db.withPlatform(async (tx) => {
    if (previous) await tx.delete(platformSessions).where(eq(platformSessions.id, previous));
    await tx
      .insert(platformSessions)
      .values({ id: hashSessionId(id), staffId, expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS) });
  });
  return cookie.serialize(id);
}

export async function getStaff(request: Request): Promise<StaffUser | null> {
  const hash = await cookie.readHash(request);
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
  const hash = await cookie.readHash(request);
  if (hash) {
    const db = await getDb();
    await db.withPlatform((tx) => tx.delete(platformSessions).where(eq(platformSessions.id, hash)));
  }
  return cookie.clear();
}
