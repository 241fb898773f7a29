import type * as schema from "~/db/schema";
import type { ShippingPlan } from "../shipping";
import type { DiscountsPlan } from "./discounts";
import type { InvoicePlan } from "./invoices";
import type { RefundPlan } from "./refunds";
import type { VariantPlan } from "./variants";

/** Insert shapes of every row a demo store is made of. */
export type StoreRow = typeof schema.stores.$inferInsert;
export type ImageRow = typeof schema.images.$inferInsert;
export type SettingsRow = typeof schema.storeSettings.$inferInsert;
export type CategoryRow = typeof schema.categories.$inferInsert & { id: string };
export type ProductRow = typeof schema.products.$inferInsert & {
  id: string;
  priceCents: number;
  unitsSold: number;
  unitsSold7d: number;
  ratingCount: number;
  ratingSum: number;
};
export type ProductImageRow = typeof schema.productImages.$inferInsert;
export type UserRow = typeof schema.users.$inferInsert & { id: string };
export type AddressRow = typeof schema.shippingAddresses.$inferInsert;
export type ReviewRow = typeof schema.reviews.$inferInsert;
export type CartRow = typeof schema.cartItems.$inferInsert;
export type WishlistRow = typeof schema.wishlistItems.$inferInsert;
export type ContactRow = typeof schema.contactRequests.$inferInsert;
export type SaleRow = typeof schema.sales.$inferInsert & { id: string; startsAt: Date; endsAt: Date };
export type SaleTargetRow = typeof schema.saleTargets.$inferInsert;
export type OrderRow = typeof schema.orders.$inferInsert & { id: string; number: number };
export type OrderItemRow = typeof schema.orderItems.$inferInsert;
export type OrderEventRow = typeof schema.orderEvents.$inferInsert;

/** Everything one demo store writes, computed before the transaction opens. */
export interface StorePlan {
  store: StoreRow & { id: string };
  shipping: ShippingPlan;
  images: ImageRow[];
  settings: SettingsRow;
  categories: CategoryRow[];
  products: ProductRow[];
  productImages: ProductImageRow[];
  users: UserRow[];
  addresses: AddressRow[];
  reviews: ReviewRow[];
  cartItems: CartRow[];
  wishlistItems: WishlistRow[];
  contactRequests: ContactRow[];
  sales: SaleRow[];
  saleTargets: SaleTargetRow[];
  orders: OrderRow[];
  orderItems: OrderItemRow[];
  orderEvents: OrderEventRow[];
  /** Tax invoices of a VAT-registered store's paid and delivered orders (plan/invoices.ts). */
  invoices: InvoicePlan;
  /** Refunds, their lines and credit notes (plan/refunds.ts, issue 37). */
  refunds: RefundPlan;
  /** The activity log of the demo's setup (plan/audit.ts). */
  auditLog: (typeof schema.auditLog.$inferInsert)[];
  /** Custom staff roles and pending invitations (issue 36). */
  staffRoles: (typeof schema.staffRoles.$inferInsert)[];
  staffInvitations: (typeof schema.staffInvitations.$inferInsert)[];
  apiTokens: (typeof schema.apiTokens.$inferInsert)[];
  webhookSubscriptions: (typeof schema.webhookSubscriptions.$inferInsert)[];
  /** Options, values and variants of the products sold in sizes (plan/variants.ts). */
  variants: VariantPlan;
  /** Discount codes, their targets and the demo orders' uses of them (plan/discounts.ts). */
  discounts: DiscountsPlan;
}

export const DAY_MS = 86_400_000;
export const MINUTE_MS = 60_000;

export function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}
