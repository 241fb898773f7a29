/**
 * A customer as the Admin API and the webhook events show it (decisions 045, 047): the JSON shape
 * of app/lib/validation/api.ts over the admin's users list row. Here in the identity domain
 * (issue 40) so customers/created (customer-events.server.ts) reads it without going up to
 * app/services/api.
 */
import type { z } from "zod/v4";
import type { Tx } from "~/db/client.server";
import type { customer as customerSchema } from "~/lib/validation/api";
import { getAdminUserIn, type AdminUserRow } from "./users-admin.server";

export type CustomerJson = z.infer<typeof customerSchema>;

export const customerJson = ({ isAdmin, ...row }: AdminUserRow): CustomerJson => ({
  ...row,
  isStaff: isAdmin,
});

/** A customer as the API answers it (apiCustomer) inside the caller's transaction of the store: a webhook event's snapshot. */
export async function apiCustomerIn(tx: Tx, storeId: string, id: string): Promise<CustomerJson | null> {
  const row = await getAdminUserIn(tx, storeId, id);
  return row ? customerJson(row) : null;
}
