/**
 * A team member's permissions, read from the database on every request that needs them (decision
 * 041): a role change or a removal takes effect on the person's next request, no cache outlives it.
 */
import { and, eq, isNull } from "drizzle-orm";
import { getDb, type Tx } from "~/db/client.server";
import { staffRoles, users } from "~/db/schema";
import { permissionsOf, type Permission } from "~/lib/permissions";
import { storeJoin } from "~/db/store-scope";

export async function readPermissionsIn(tx: Tx, userId: string): Promise<Permission[]> {
  const [row] = await tx
    .select({
      isAdmin: users.isAdmin,
      staffPreset: users.staffPreset,
      rolePermissions: staffRoles.permissions,
    })
    .from(users)
    .leftJoin(staffRoles, storeJoin(staffRoles, "id", users, "staffRoleId"))
    .where(and(eq(users.id, userId), isNull(users.blockedAt)));
  if (!row) return [];
  return permissionsOf(row);
}

/** The permissions of a user of this store (none for a shopper, a blocked or an unknown user). */
export async function readPermissions(storeId: string, userId: string): Promise<Permission[]> {
  const db = await getDb();
  return db.withStore(storeId, (tx) => readPermissionsIn(tx, userId));
}
