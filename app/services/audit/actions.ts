/**
 * Every action the activity log records (decision 041). The log's page shows each through its
 * label `staffRoles.activity.actions.<action>` in both languages; an action missing from this
 * list does not compile, and tests/unit/audit-actions.test.ts fails for one without a label, so
 * no entry ever shows its raw name.
 */
import { returnStates } from "~/db/schema";
import { ORDER_STEPS } from "~/lib/order-transitions";

const STATIC_ACTIONS = [
  "apiToken.create",
  "apiToken.revoke",
  "category.create",
  "category.update",
  "category.delete",
  "customer.block",
  "customer.unblock",
  "customer.export",
  "discount.create",
  "discount.update",
  "discount.delete",
  "domain.set",
  "domain.remove",
  "order.refund",
  "payments.cod",
  "product.create",
  "product.update",
  "product.delete",
  "product.archive",
  "product.images",
  "product.options",
  "product.import",
  "product.variant.update",
  "product.variant.delete",
  "product.variant.generate",
  "review.status",
  "review.reply",
  "review.moderation",
  "sale.create",
  "sale.update",
  "sale.delete",
  "settings.update",
  "settings.returns",
  "shipping.zone.create",
  "shipping.zone.update",
  "shipping.zone.delete",
  "shipping.rate.create",
  "shipping.rate.update",
  "shipping.rate.delete",
  "staff.add",
  "staff.remove",
  "staff.role",
  "staff.roleCreate",
  "staff.roleUpdate",
  "staff.roleDelete",
  "staff.invite",
  "staff.inviteResend",
  "staff.inviteRevoke",
  "staff.inviteAccept",
  "store.open",
  "webhook.create",
  "webhook.delete",
  "webhook.rotate",
] as const;

export type AuditAction =
  | (typeof STATIC_ACTIONS)[number]
  | `order.${(typeof ORDER_STEPS)[number]}`
  | `order.return.${(typeof returnStates)[number]}`;

export const AUDIT_ACTIONS: readonly AuditAction[] = [
  ...STATIC_ACTIONS,
  ...ORDER_STEPS.map((step) => `order.${step}` as const),
  ...returnStates.map((state) => `order.return.${state}` as const),
];
