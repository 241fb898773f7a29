/**
 * The activity log of the demo's own setup (decision 041): the owner opening the store and adding
 * the team, the order steps the demo's orders record as the owner's, and a little catalogue work
 * (decision 046): a price lowered a day after opening, the first sale created.
 */
import { uuidv7 } from "uuidv7";
import type * as schema from "~/db/schema";
import type { OrderEventRow, OrderRow, ProductRow, SaleRow, UserRow } from "./types";

export type AuditRow = typeof schema.auditLog.$inferInsert;

const STEP_OF: Record<string, string> = {
  confirmed: "confirm",
  shipped: "ship",
  delivered: "deliver",
  cancelled: "cancel",
};

export function planAudit(
  storeId: string,
  owner: UserRow,
  staff: readonly UserRow[],
  orders: readonly OrderRow[],
  events: readonly OrderEventRow[],
  openedAt: Date,
  catalogue: { products: readonly ProductRow[]; sales: readonly SaleRow[] } = { products: [], sales: [] },
): AuditRow[] {
  const by = (user: UserRow) => ({ actorId: user.id, actorName: user.name, actorEmail: user.email });
  const rows: AuditRow[] = [
    {
      storeId,
      id: uuidv7(),
      ...by(owner),
      action: "store.open",
      entityType: "settings",
      createdAt: openedAt,
    },
    ...staff.map((member): AuditRow => ({
      storeId,
      id: uuidv7(),
      ...by(owner),
      action: "staff.add",
      entityType: "staff",
      entityId: member.id ?? null,
      entityLabel: member.name,
      changes: { role: [null, member.staffPreset ?? "owner"] },
      createdAt: member.createdAt,
    })),
  ];
  const dayAfterOpening = new Date(openedAt.getTime() + 24 * 60 * 60 * 1000);
  const [product] = catalogue.products;
  if (product) {
    rows.push({
      storeId,
      id: uuidv7(),
      ...by(owner),
      action: "product.update",
      entityType: "product",
      entityId: product.id,
      entityLabel: product.nameEn,
      changes: { priceCents: [product.priceCents + 100, product.priceCents] },
      createdAt: dayAfterOpening,
    });
  }
  const [sale] = catalogue.sales;
  if (sale) {
    rows.push({
      storeId,
      id: uuidv7(),
      ...by(owner),
      action: "sale.create",
      entityType: "sale",
      entityId: sale.id,
      entityLabel: sale.nameEn,
      changes: { nameEn: [null, sale.nameEn], kind: [null, sale.kind], value: [null, sale.value] },
      createdAt: new Date(dayAfterOpening.getTime() + 60 * 60 * 1000),
    });
  }
  const numberOf = new Map(orders.map((order) => [order.id, order.number]));
  const people = new Map([owner, ...staff].map((user) => [user.id, user]));
  for (const event of events) {
    const actor = event.actorUserId ? people.get(event.actorUserId) : undefined;
    const step = event.toStatus ? STEP_OF[event.toStatus] : undefined;
    const number = numberOf.get(event.orderId);
    if (event.type !== "status" || !actor || !step || number === undefined) continue;
    rows.push({
      storeId,
      id: uuidv7(),
      ...by(actor),
      action: `order.${step}`,
      entityType: "order",
      entityId: String(number),
      entityLabel: `#${number}`,
      changes: { status: [event.fromStatus ?? null, event.toStatus] },
      createdAt: event.createdAt,
    });
  }
  return rows;
}
