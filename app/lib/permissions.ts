/**
 * What a store's team may do (issue 36, decision 041). A role is a set of these; an admin route
 * declares the one it needs through its wrapper (`adminLoader("orders.view", …)`), the sidebar
 * shows only the entries whose `guard` the person holds. Safe on the client (no server imports).
 *
 * The list, plus `customers.edit` (block a shopper), `contact.manage` (the contact
 * requests the Support preset answers) and `activity.view` (the activity log: Owner, Manager).
 * Fulfilling an order (shipping, packing slips) is part of `orders.edit`.
 */
export const PERMISSIONS = [
  "orders.view",
  "orders.edit",
  "orders.refund",
  "products.edit",
  "categories.edit",
  "discounts.edit",
  "sales.edit",
  "reviews.moderate",
  "customers.view",
  "customers.edit",
  "customers.export",
  "contact.manage",
  "reports.view",
  "activity.view",
  "settings.edit",
  "payments.edit",
  "domain.edit",
  "billing.manage",
  "staff.manage",
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/** Pages every member of the team may open (the dashboard, their own profile, the menu). */
export const ANY_STAFF = "any-staff" as const;
export type RouteGuard = Permission | typeof ANY_STAFF;

export const STAFF_PRESETS = ["owner", "manager", "orders", "support", "catalogue", "accountant"] as const;
export type StaffPreset = (typeof STAFF_PRESETS)[number];

const ALL: readonly Permission[] = PERMISSIONS;

/** The presets of the issue; Owner holds everything (and is the only one who can manage owners). */
export const PRESET_PERMISSIONS: Readonly<Record<StaffPreset, readonly Permission[]>> = {
  owner: ALL,
  manager: ALL.filter((p) => p !== "staff.manage" && p !== "billing.manage"),
  orders: ["orders.view", "orders.edit", "customers.view"],
  support: ["orders.view", "reviews.moderate", "contact.manage"],
  catalogue: ["products.edit", "categories.edit", "sales.edit", "discounts.edit"],
  accountant: ["orders.view", "reports.view"],
};

export function isPermission(value: unknown): value is Permission {
  return typeof value === "string" && (PERMISSIONS as readonly string[]).includes(value);
}

export function isStaffPreset(value: unknown): value is StaffPreset {
  return typeof value === "string" && (STAFF_PRESETS as readonly string[]).includes(value);
}

/**
 * A team member's permissions: their preset's, else their custom role's. An admin with neither
 * (made before roles existed, or by the users page's "Make admin") is an Owner: nobody loses access.
 */
export function permissionsOf(member: {
  isAdmin: boolean;
  staffPreset: string | null;
  rolePermissions: readonly string[] | null;
}): Permission[] {
  if (!member.isAdmin) return [];
  if (member.staffPreset !== null) {
    return isStaffPreset(member.staffPreset) ? [...PRESET_PERMISSIONS[member.staffPreset]] : [];
  }
  if (member.rolePermissions !== null) return member.rolePermissions.filter(isPermission);
  return [...ALL];
}

export function allows(held: readonly Permission[], guard: RouteGuard): boolean {
  return guard === ANY_STAFF || held.includes(guard);
}

/** Holds every permission (an Owner, or a role equal to it). */
export function holdsAll(held: readonly Permission[]): boolean {
  return PERMISSIONS.every((p) => held.includes(p));
}

/** The permission list in the groups the role form shows (its checkboxes), every permission once. */
export const PERMISSION_GROUPS: readonly { key: string; permissions: readonly Permission[] }[] = [
  { key: "orders", permissions: ["orders.view", "orders.edit", "orders.refund"] },
  { key: "catalogue", permissions: ["products.edit", "categories.edit", "sales.edit", "discounts.edit"] },
  {
    key: "customers",
    permissions: [
      "customers.view",
      "customers.edit",
      "customers.export",
      "reviews.moderate",
      "contact.manage",
    ],
  },
  { key: "reports", permissions: ["reports.view", "activity.view"] },
  {
    key: "store",
    permissions: ["settings.edit", "payments.edit", "domain.edit", "billing.manage", "staff.manage"],
  },
];

/** The store's owner among its admins: the owner preset, or an admin from before staff roles. */
export const isOwnerRow = (row: {
  isAdmin: boolean;
  staffPreset: string | null;
  staffRoleId: string | null;
}) => row.isAdmin && (row.staffPreset === "owner" || (row.staffPreset === null && row.staffRoleId === null));
