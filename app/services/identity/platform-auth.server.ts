/**
 * Platform staff (DESIGN §5): their own table, signed in on the platform host. Their sessions
 * live in the one session store (sessions.server.ts) and their cookie in app/http/sessions.server.ts.
 */
import { sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { platformStaff } from "~/db/schema";
import { verifyAgainstNoAccount, verifyPassword } from "~/services/identity/passwords.server";
import type { StaffUser } from "~/services/identity/sessions.server";

export type { StaffUser };

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
