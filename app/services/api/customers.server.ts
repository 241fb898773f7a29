/**
 * The Admin API's customers and discount codes (issue 38): JSON shapes over the admin's own
 * services (the users list, the discount codes list and form's save), so the API sees and
 * changes exactly what the admin pages do, audit log included.
 */
import { type z } from "zod/v4";
import type {
  discountCode as discountCodeSchema,
  discountCodeCreateBody,
  discountCodeListQuery,
} from "~/lib/validation/api";
import {
  discountState,
  getDiscountCode,
  listDiscountCodes,
  saveDiscountCode,
  type AdminDiscount,
  type SaveDiscountResult,
} from "~/services/discounts/admin.server";
import { exportUsers, getAdminUser, listUsers } from "~/services/identity/users-admin.server";
import { customerJson, type CustomerJson } from "~/services/identity/customer-json.server";

type DiscountCodeJson = z.infer<typeof discountCodeSchema>;

export async function apiCustomerList(
  storeId: string,
  query: { q?: string; sort?: "name" | "email"; cursor?: string },
) {
  const page = await listUsers(storeId, {
    q: query.q ?? "",
    sort: { key: query.sort ?? "name", dir: "asc" },
    cursor: query.cursor ?? null,
  });
  return { data: page.rows.map(customerJson), nextCursor: page.nextCursor, prevCursor: page.prevCursor };
}

/**
 * Every customer, 500 a page in a stable order (`customers.export`): the cursor is the last
 * row's id, so a page's rows never shift while people sign up meanwhile.
 */
export async function apiCustomerExport(storeId: string, cursor: string | null) {
  const page = await exportUsers(storeId, cursor);
  return {
    data: page.rows.map(({ createdAt, ...row }) => ({
      ...customerJson(row),
      createdAt: createdAt.toISOString(),
    })),
    nextCursor: page.nextAfter,
  };
}

export async function apiCustomer(storeId: string, id: string): Promise<CustomerJson | null> {
  const row = await getAdminUser(storeId, id);
  return row ? customerJson(row) : null;
}

export async function apiDiscountCodeList(storeId: string, query: z.infer<typeof discountCodeListQuery>) {
  const page = await listDiscountCodes(storeId, {
    state: query.state ?? "all",
    q: query.q ?? "",
    cursor: query.cursor ?? null,
  });
  return { data: page.rows, nextCursor: page.nextCursor, prevCursor: page.prevCursor };
}

function discountCodeJson(code: AdminDiscount, now = new Date()): DiscountCodeJson {
  return {
    id: code.id,
    code: code.code,
    kind: code.kind,
    value: code.value,
    minSubtotalCents: code.minSubtotalCents,
    scope: code.scope,
    categoryIds: code.categoryIds,
    productIds: code.productIds,
    startsAt: code.startsAt.toISOString(),
    endsAt: code.endsAt?.toISOString() ?? null,
    usageLimit: code.usageLimit,
    perShopperLimit: code.perShopperLimit,
    active: code.active,
    uses: code.uses,
    state: discountState(code, now),
  };
}

export async function apiDiscountCode(storeId: string, id: string): Promise<DiscountCodeJson | null> {
  const code = await getDiscountCode(storeId, id);
  return code ? discountCodeJson(code) : null;
}

/** Creates a code through the admin form's save (same uniqueness, targets check and audit). */
export async function apiCreateDiscountCode(
  storeId: string,
  input: z.infer<typeof discountCodeCreateBody>,
): Promise<SaveDiscountResult> {
  return saveDiscountCode(storeId, {
    code: input.code,
    kind: input.kind,
    value: input.value,
    minSubtotalCents: input.minSubtotalCents,
    startsAt: input.startsAt ? new Date(input.startsAt) : new Date(),
    endsAt: input.endsAt ? new Date(input.endsAt) : null,
    usageLimit: input.usageLimit ?? null,
    perShopperLimit: input.perShopperLimit ?? null,
    scope: input.scope,
    categoryIds: input.scope === "categories" ? input.categoryIds.map((id) => id.toLowerCase()) : [],
    productIds: input.scope === "products" ? input.productIds.map((id) => id.toLowerCase()) : [],
    active: input.active,
  });
}
