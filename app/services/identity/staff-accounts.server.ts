/**
 * Staff accounts, managed by staff on the platform host (issue 12). The platform keeps at least
 * one, and nobody removes their own (so the platform never locks itself out); a removed account's
 * sessions end with it (platform_sessions cascades).
 */
import { asc, count, eq, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { platformStaff } from "~/db/schema";
import { hashPassword } from "~/services/identity/passwords.server";

export interface StaffRow {
  id: string;
  name: string;
  email: string;
  createdAt: string;
}

export async function listStaff(): Promise<StaffRow[]> {
  const db = await getDb();
  const rows = await db.withPlatform((tx) =>
    tx
      .select({
        id: platformStaff.id,
        name: platformStaff.name,
        email: platformStaff.email,
        createdAt: platformStaff.createdAt,
      })
      .from(platformStaff)
      .orderBy(asc(platformStaff.name), asc(platformStaff.id)),
  );
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

export async function addStaff(input: {
  name: string;
  email: string;
  password: string;
}): Promise<"added" | "email-taken"> {
  const passwordHash = await hashPassword(input.password);
  const db = await getDb();
  const inserted = await db.withPlatform((tx) =>
    tx
      .insert(platformStaff)
      .values({ name: input.name.trim(), email: input.email.trim().toLowerCase(), passwordHash })
      .onConflictDoNothing()
      .returning({ id: platformStaff.id }),
  );
  return inserted.length > 0 ? "added" : "email-taken";
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type RemoveStaffResult = "removed" | "not-found" | "yourself" | "last";

export async function removeStaff(staffId: string, actingStaffId: string): Promise<RemoveStaffResult> {
  if (!UUID.test(staffId)) return "not-found";
  if (staffId === actingStaffId) return "yourself";
  const db = await getDb();
  return db.withPlatform(async (tx) => {
    // One removal at a time, so two staff removing each other cannot leave none.
    await tx.execute(sql`select pg_advisory_xact_lock(72002)`);
    const [{ n }] = (await tx.select({ n: count() }).from(platformStaff)) as [{ n: number }];
    if (n <= 1) return "last";
    const removed = await tx
      .delete(platformStaff)
      .where(eq(platformStaff.id, staffId))
      .returning({ id: platformStaff.id });
    return removed.length > 0 ? "removed" : "not-found";
  });
}
