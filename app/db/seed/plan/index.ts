/** Builds every row of one demo store in memory; the writer then inserts it in one transaction. */
import { planShipping } from "../shipping";
import { planAudit } from "./audit";
import { planTeam } from "./team";
import { uuidv7 } from "uuidv7";
import type { StoreDef } from "../stores";
import { DEMO_STORE_PACKAGE } from "../writers";
import { planCatalog } from "./catalog";
import { planDiscounts } from "./discounts";
import { planOrders } from "./orders";
import { planVariants } from "./variants";
import { planBaskets, planContactRequests, planPeople } from "./people";
import { planReviews } from "./reviews";
import { planSales } from "./sales";
import { applyDemoVat } from "./vat";
import { planInvoices } from "./invoices";
import { planRefunds } from "./refunds";
import { daysBefore, type StorePlan } from "./types";

export async function planStore(
  def: StoreDef,
  packageIds: Record<string, string> | null,
  now: Date,
): Promise<StorePlan> {
  const plan = def.subscription ?? { plan: DEMO_STORE_PACKAGE, status: null, days: null };
  const storeId = uuidv7();
  const openedAt = daysBefore(now, 120);
  const [catalog, people] = await Promise.all([
    planCatalog(storeId, def, now),
    planPeople(storeId, def, now),
  ]);
  const { categories, products } = catalog;
  const shopperUsers = people.shoppers.map((s) => s.user);

  // The home page features one product of each of the first four categories (Homepage settings);
  // its categories row keeps the default (the first categories in their order).
  const featuredProductIds = categories
    .filter((category) => !category.parentId)
    .slice(0, 4)
    .flatMap((category) => {
      const product = products.find((p) => p.categoryId === category.id && p.active !== false);
      return product?.id ? [product.id] : [];
    });

  const sales = planSales(storeId, def, categories, products, now);
  const reviews = planReviews(storeId, def, products, shopperUsers, now);
  const orders = planOrders(storeId, def, products, people.shoppers, people.admin, sales, now);
  const demoShopper = shopperUsers[0];
  // After the orders: their lines of products sold in sizes become lines of those sizes.
  const variants = await planVariants(storeId, products, orders, sales);
  // After the variants: the codes' amounts come from the orders' final lines.
  const discounts = planDiscounts(storeId, def, categories, products, orders, now);
  // After the codes: VAT comes from each order's final lines, shipping, fee and code.
  applyDemoVat(def, orders.orders, orders.orderItems, discounts.codes, products);
  // After VAT: the invoices of the paid card and delivered COD orders of a registered store. The
  // seller is in the settings' default country (Saudi Arabia; the seed sets none).
  const invoices = planInvoices(
    storeId,
    def,
    { addressEn: def.content.contactAddressEn, addressAr: def.content.contactAddressAr, country: "SA" },
    orders.orders,
    orders.orderItems,
    orders.orderEvents,
  );
  // After the invoices: the refunds (the cancelled card orders' whole refunds, one partial, one
  // of shipping) and, for an invoiced order, their credit notes (issue 37).
  const refunds = planRefunds(
    storeId,
    orders.orders,
    orders.orderItems,
    orders.orderEvents,
    discounts.codes,
    invoices,
    people.admin,
    now,
  );
  const baskets = demoShopper
    ? planBaskets(storeId, def, demoShopper, products, now)
    : { cartItems: [], wishlistItems: [] };

  return {
    store: {
      id: storeId,
      slug: def.slug,
      name: def.name,
      status: "active",
      currency: "USD",
      defaultLocale: "en",
      packageId: packageIds?.[plan.plan] ?? null,
      subscriptionStatus: plan.status,
      subscriptionCurrentPeriodEnd: plan.days === null ? null : daysBefore(now, -plan.days),
      lastOrderNumber: orders.lastOrderNumber,
      createdAt: openedAt,
      updatedAt: openedAt,
    },
    images: [...catalog.images, ...variants.images],
    settings: {
      storeId,
      logoImageId: catalog.logoImageId,
      primaryColor: def.primaryColor,
      secondaryColor: def.secondaryColor,
      ...def.content,
      cashOnDeliveryEnabled: true,
      shippingFeeCents: def.shipping?.feeCents ?? 0,
      freeShippingThresholdCents: def.shipping?.freeFromCents ?? 0,
      codFeeCents: def.cod?.feeCents ?? 0,
      codMaxTotalCents: def.cod?.maxTotalCents ?? null,
      codConfirm: def.codConfirm ?? false,
      timeZone: def.timeZone ?? "UTC",
      ...(def.vat
        ? {
            vatRegistered: true,
            vatNumber: def.vat.number,
            vatLegalNameEn: def.vat.legalNameEn,
            vatLegalNameAr: def.vat.legalNameAr,
            pricesIncludeVat: true,
          }
        : {}),
      featuredProductIds,
      updatedAt: openedAt,
    },
    categories,
    products,
    productImages: [...catalog.productImages, ...variants.productImages],
    users: people.users,
    addresses: people.addresses,
    reviews,
    cartItems: baskets.cartItems,
    wishlistItems: baskets.wishlistItems,
    contactRequests: planContactRequests(storeId, def, people.users, now),
    sales: sales.sales,
    saleTargets: sales.saleTargets,
    orders: orders.orders,
    orderItems: orders.orderItems,
    orderEvents: orders.orderEvents,
    invoices,
    refunds,
    variants,
    discounts,
    shipping: planShipping(storeId, def),
    auditLog: planAudit(storeId, people.admin, people.staff, orders.orders, orders.orderEvents, openedAt, {
      products,
      sales: sales.sales,
    }),
    ...planTeam(storeId, def, people.admin.id!, now),
  };
}
