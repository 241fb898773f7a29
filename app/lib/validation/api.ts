/**
 * The Admin API's schemas (issue 38, decision 045): what each endpoint accepts (its query or
 * JSON body) and answers. The handlers parse with them and the OpenAPI document
 * (/api/v1/openapi.json) is generated from them, so the two cannot drift apart.
 */
// Zod 4 (shipped inside zod 3.25 as "zod/v4") for its own JSON Schema output: the OpenAPI
// document is generated from these schemas (decision 045). The forms keep zod 3 until they move.
import { z } from "zod/v4";
import { ORDER_STATUSES, PAYMENT_STATUSES } from "~/lib/order-transitions";
import { MAX_SLUG, SLUG_PATTERN } from "~/lib/slug";
import { TAX_CLASSES } from "~/lib/vat-math";
import { isPlainLabel, isPlainText } from "./fields";
import { MAX_PRODUCT_DESCRIPTION, MAX_PRODUCT_NAME, MAX_STOCK } from "./products-admin";
import {
  MAX_REFUND_LINES,
  MAX_REFUND_REFERENCE,
  MAX_REFUND_TEXT,
  OFFLINE_REFUND_METHODS,
  REFUND_REASON_CODES,
} from "./refunds";

// Any 8-4-4-4-12 hex id, as PostgreSQL's uuid type takes (zod 4's uuid() also checks the version).
const uuid = z.guid();
const cursor = z.string().max(500);

// ── requests ──

export const productListQuery = z
  .object({
    q: z.string().trim().max(100).optional(),
    category: uuid.optional(),
    status: z.enum(["all", "active", "inactive"]).optional(),
    cursor: cursor.optional(),
  })
  .strict();

const plainLabel = (max: number) =>
  z.string().trim().min(1).max(max).refine(isPlainLabel, "letters, digits and punctuation only, on one line");

/**
 * A new product without options (one variant), as the admin's product form makes it: names in
 * both languages, the price in minor units, the stock; the slug is made from the English name when
 * not given. Images and options stay the admin's.
 */
export const productCreateBody = z
  .object({
    nameEn: plainLabel(MAX_PRODUCT_NAME),
    nameAr: plainLabel(MAX_PRODUCT_NAME),
    descriptionEn: z
      .string()
      .max(MAX_PRODUCT_DESCRIPTION)
      .refine((value) => isPlainText(value, { multiline: true }), "no control characters")
      .default(""),
    descriptionAr: z
      .string()
      .max(MAX_PRODUCT_DESCRIPTION)
      .refine((value) => isPlainText(value, { multiline: true }), "no control characters")
      .default(""),
    slug: z.string().trim().toLowerCase().max(MAX_SLUG).regex(SLUG_PATTERN).optional(),
    priceCents: z.number().int().min(0).max(1_000_000_000),
    stock: z.number().int().min(0).max(MAX_STOCK),
    weightGrams: z.number().int().min(0).max(1_000_000).nullable().default(null),
    categoryId: uuid.nullable().default(null),
    subcategoryId: uuid.nullable().default(null),
    taxClass: z.enum(TAX_CLASSES).default("standard"),
    active: z.boolean().default(true),
  })
  .strict()
  .refine((value) => !value.subcategoryId || value.categoryId, {
    message: "a subcategory needs its category",
    path: ["subcategoryId"],
  });

export const productUpdateBody = z
  .object({
    active: z.boolean(),
  })
  .strict();

export const stockAdjustBody = z
  .object({
    variantId: uuid,
    /** Added to the variant's stock (negative: taken off); the result may not go below 0. */
    delta: z
      .number()
      .int()
      .min(-1_000_000)
      .max(1_000_000)
      .refine((n) => n !== 0, "must not be 0"),
  })
  .strict();

export const orderListQuery = z
  .object({
    status: z.enum(ORDER_STATUSES).optional(),
    payment: z.enum(PAYMENT_STATUSES).optional(),
    cursor: cursor.optional(),
  })
  .strict();

/** `GET /events` (decision 047): the events after `after` (a seq; 0 or absent: from the start). */
export const eventsQuery = z
  .object({
    after: z
      .string()
      .regex(/^\d{1,12}$/, "a non-negative integer")
      .transform(Number)
      .optional(),
    limit: z
      .string()
      .regex(/^\d{1,3}$/, "1 to 250")
      .transform(Number)
      .refine((n) => n >= 1 && n <= 250, "1 to 250")
      .optional(),
  })
  .strict();

/** The state changes the API offers (the admin's order page's, through the same service). */
export const API_ORDER_STEPS = ["confirm", "ship", "deliver", "cancel"] as const;
export type ApiOrderStep = (typeof API_ORDER_STEPS)[number];

export const emptyBody = z.object({}).strict();
export const shipBody = z
  .object({
    trackingNumber: z.string().trim().min(1).max(100).optional(),
  })
  .strict();

// ── answers ──

export const apiError = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.array(z.string())).optional(),
  }),
});

const page = <T extends z.ZodTypeAny>(item: T) =>
  z.object({
    data: z.array(item),
    /** Pass as `cursor` for the next page; null on the last. */
    nextCursor: z.string().nullable(),
    prevCursor: z.string().nullable(),
  });

export const productSummary = z.object({
  id: uuid,
  slug: z.string(),
  name: z.string(),
  priceCents: z.number().int(),
  stock: z.number().int(),
  variantCount: z.number().int(),
  active: z.boolean(),
  createdAt: z.string(),
});
export const productList = page(productSummary);

export const variant = z.object({
  id: uuid,
  sku: z.string().nullable(),
  priceCents: z.number().int(),
  stock: z.number().int(),
  weightGrams: z.number().int().nullable(),
  active: z.boolean(),
  options: z.array(
    z.object({ nameEn: z.string(), nameAr: z.string(), valueEn: z.string(), valueAr: z.string() }),
  ),
});

export const product = z.object({
  id: uuid,
  slug: z.string(),
  nameEn: z.string(),
  nameAr: z.string(),
  descriptionEn: z.string(),
  descriptionAr: z.string(),
  active: z.boolean(),
  categoryId: uuid.nullable(),
  subcategoryId: uuid.nullable(),
  taxClass: z.enum(TAX_CLASSES),
  currency: z.string(),
  priceCents: z.number().int(),
  stock: z.number().int(),
  variants: z.array(variant),
});
export const productAnswer = z.object({ data: product });

export const category = z.object({
  id: uuid,
  parentId: uuid.nullable(),
  slug: z.string(),
  nameEn: z.string(),
  nameAr: z.string(),
});
export const categoryList = z.object({ data: z.array(category) });

export const orderSummary = z.object({
  number: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paymentMethod: z.enum(["card", "cod"]),
  customer: z.string(),
  email: z.string(),
  currency: z.string(),
  totalCents: z.number().int(),
  totalQuantity: z.number().int(),
  createdAt: z.string(),
});
export const orderList = page(orderSummary);

export const order = orderSummary.extend({
  subtotalCents: z.number().int(),
  discountCents: z.number().int(),
  shippingCents: z.number().int(),
  codFeeCents: z.number().int(),
  discountCode: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  address: z.object({
    country: z.string(),
    fullName: z.string(),
    streetAddress: z.string(),
    zipCode: z.string(),
    city: z.string(),
    email: z.string(),
    mobile: z.string(),
  }),
  lines: z.array(
    z.object({
      productId: uuid,
      variantId: uuid,
      nameEn: z.string(),
      nameAr: z.string(),
      sku: z.string().nullable(),
      unitPriceCents: z.number().int(),
      quantity: z.number().int(),
      lineTotalCents: z.number().int(),
    }),
  ),
  events: z.array(
    z.object({
      type: z.string(),
      fromStatus: z.string().nullable(),
      toStatus: z.string().nullable(),
      paymentStatus: z.string().nullable(),
      note: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export const orderAnswer = z.object({ data: order });

export type ProductJson = z.infer<typeof product>;
export type OrderJson = z.infer<typeof order>;

// ── customers and discount codes ──

export const customerListQuery = z
  .object({
    q: z.string().trim().max(100).optional(),
    sort: z.enum(["name", "email"]).optional(),
    cursor: cursor.optional(),
  })
  .strict();

export const customer = z.object({
  id: uuid,
  name: z.string(),
  email: z.string(),
  /** A member of the store's team (they may also shop). */
  isStaff: z.boolean(),
  blocked: z.boolean(),
  ordersCount: z.number().int(),
  /** Sum of their orders not cancelled, in minor units. */
  spendCents: z.number().int(),
});
export const customerList = page(customer);
export const customerAnswer = z.object({ data: customer });

export const DISCOUNT_CODE_STATES = ["all", "active", "scheduled", "expired", "used-up", "inactive"] as const;

export const discountCodeListQuery = z
  .object({
    state: z.enum(DISCOUNT_CODE_STATES).optional(),
    q: z.string().trim().max(40).optional(),
    cursor: cursor.optional(),
  })
  .strict();

const isoInstant = z.iso.datetime({ offset: true });

/**
 * A new code, as the admin's form takes it but in the API's units: `value` is a percent (1–100),
 * minor units off the order (fixed), or 0 (free shipping); times are ISO 8601 instants.
 */
export const discountCodeCreateBody = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,40}$/, "letters, digits, - and _ (1 to 40)"),
    kind: z.enum(["percentage", "fixed", "free_shipping"]),
    value: z.number().int().min(0).max(100_000_000),
    minSubtotalCents: z.number().int().min(0).max(1_000_000_000).default(0),
    startsAt: isoInstant.optional(),
    endsAt: isoInstant.nullable().optional(),
    usageLimit: z.number().int().min(1).max(1_000_000).nullable().optional(),
    perShopperLimit: z.number().int().min(1).max(1_000_000).nullable().optional(),
    scope: z.enum(["store", "categories", "products"]).default("store"),
    categoryIds: z.array(uuid).max(200).default([]),
    productIds: z.array(uuid).max(200).default([]),
    active: z.boolean().default(true),
  })
  .strict()
  .superRefine((input, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (input.kind === "percentage" && (input.value < 1 || input.value > 100))
      issue("value", "a percentage is 1 to 100");
    if (input.kind === "fixed" && input.value < 1) issue("value", "an amount off is at least 1 minor unit");
    if (input.kind === "free_shipping" && input.value !== 0) issue("value", "free shipping takes 0");
    if (input.scope === "categories" && input.categoryIds.length === 0)
      issue("categoryIds", "name at least one category");
    if (input.scope === "products" && input.productIds.length === 0)
      issue("productIds", "name at least one product");
    if (input.startsAt && input.endsAt && Date.parse(input.endsAt) <= Date.parse(input.startsAt))
      issue("endsAt", "ends before it starts");
  });

export const discountCode = z.object({
  id: uuid,
  code: z.string(),
  kind: z.enum(["percentage", "fixed", "free_shipping"]),
  value: z.number().int(),
  minSubtotalCents: z.number().int(),
  scope: z.enum(["store", "categories", "products"]),
  categoryIds: z.array(uuid),
  productIds: z.array(uuid),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  usageLimit: z.number().int().nullable(),
  perShopperLimit: z.number().int().nullable(),
  active: z.boolean(),
  uses: z.number().int(),
  state: z.enum(["active", "scheduled", "expired", "used-up", "inactive"]),
});
export const discountCodeSummary = discountCode.omit({ categoryIds: true, productIds: true }).extend({
  targetCount: z.number().int(),
  revenueCents: z.number().int(),
});
export const discountCodeList = page(discountCodeSummary);
export const discountCodeAnswer = z.object({ data: discountCode });

// ── inventory ──

export const inventoryQuery = z
  .object({
    sku: z.string().trim().min(1).max(100).optional(),
    /** Only variants with less stock than this. */
    below: z.coerce.number().int().min(0).max(1_000_000).optional(),
    cursor: cursor.optional(),
  })
  .strict();

export const inventoryLevel = z.object({
  variantId: uuid,
  productId: uuid,
  productNameEn: z.string(),
  productNameAr: z.string(),
  sku: z.string().nullable(),
  stock: z.number().int(),
  active: z.boolean(),
  updatedAt: z.string(),
});
export const inventoryLevels = page(inventoryLevel);

// ── events ──

export const storeEvent = z.object({
  id: uuid,
  /** The store-wide order of events (commit order): the feed's cursor. */
  seq: z.number().int(),
  topic: z.string(),
  resource: z.object({
    type: z.string(),
    id: z.string(),
    /** Per resource, rising: a receiver drops an event older than one it already has. */
    sequence: z.number().int(),
  }),
  createdAt: z.string(),
  /** The resource as it was at the event (the shape GET answers for it). */
  payload: z.unknown(),
});
export const eventsFeed = z.object({
  data: z.array(storeEvent),
  /** Pass as `after` to read on; the same value when there was nothing new. */
  nextCursor: z.string(),
  hasMore: z.boolean(),
});

// ── refunds ──

/** `POST /orders/{number}/refunds`: a refund of units, shipping, the COD fee and/or an amount. */
export const refundCreateBody = z
  .object({
    /** Units of the order's lines (ids from GET /orders/{number}/refunds' `remaining.lines`). */
    lines: z
      .array(
        z
          .object({
            orderItemId: uuid,
            quantity: z.number().int().min(1).max(100_000),
            /** Put the units back in stock (when the refund succeeds). */
            restock: z.boolean().default(false),
          })
          .strict(),
      )
      .max(MAX_REFUND_LINES)
      .default([]),
    shippingCents: z.number().int().min(0).max(1_000_000_000).default(0),
    codFeeCents: z.number().int().min(0).max(1_000_000_000).default(0),
    /** Any further amount (no VAT: goodwill, not a sale undone), up to what is left. */
    amountCents: z.number().int().min(0).max(1_000_000_000).default(0),
    reason: z.enum(REFUND_REASON_CODES),
    reasonText: z.string().trim().max(MAX_REFUND_TEXT).optional(),
    noteToShopper: z.string().trim().max(MAX_REFUND_TEXT).optional(),
    /** Offline (Cash On Delivery) orders only: how the money went back; a card order's goes to the card. */
    method: z.enum(OFFLINE_REFUND_METHODS).optional(),
    reference: z.string().trim().max(MAX_REFUND_REFERENCE).optional(),
  })
  .strict()
  .superRefine((input, ctx) => {
    const seen = new Set<string>();
    input.lines.forEach((line, i) => {
      const id = line.orderItemId.toLowerCase();
      if (seen.has(id))
        ctx.addIssue({ code: "custom", path: ["lines", i, "orderItemId"], message: "given twice" });
      seen.add(id);
    });
    if (
      input.lines.length === 0 &&
      input.shippingCents === 0 &&
      input.codFeeCents === 0 &&
      input.amountCents === 0
    )
      ctx.addIssue({
        code: "custom",
        path: ["lines"],
        message: "nothing to refund: give lines, shippingCents, codFeeCents or amountCents",
      });
  });

export const refund = z.object({
  id: uuid,
  status: z.enum(["pending", "succeeded", "failed"]),
  method: z.enum(["card", "cash", "bank_transfer"]),
  /** The whole refund, in minor units, VAT included. */
  amountCents: z.number().int(),
  vatCents: z.number().int(),
  shippingCents: z.number().int(),
  codFeeCents: z.number().int(),
  /** The further amount beyond lines, shipping and fee. */
  extraCents: z.number().int(),
  reason: z.string(),
  reasonText: z.string().nullable(),
  noteToShopper: z.string().nullable(),
  reference: z.string().nullable(),
  /** Why the card refund failed (Stripe's answer), when it did. */
  failureMessage: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  lines: z.array(
    z.object({
      orderItemId: uuid,
      quantity: z.number().int(),
      amountCents: z.number().int(),
      vatCents: z.number().int(),
      restock: z.boolean(),
    }),
  ),
});
export const refundAnswer = z.object({ data: refund });

/** What is left to refund of an order. */
export const refundRemaining = z.object({
  /** False before the money was taken (an unpaid order) or when all of it went back. */
  refundable: z.boolean(),
  paidCents: z.number().int(),
  refundedCents: z.number().int(),
  amountCents: z.number().int(),
  shippingCents: z.number().int(),
  codFeeCents: z.number().int(),
  lines: z.array(
    z.object({
      orderItemId: uuid,
      nameEn: z.string(),
      nameAr: z.string(),
      quantity: z.number().int(),
      refundedUnits: z.number().int(),
    }),
  ),
});
export const refundList = z.object({ data: z.array(refund), remaining: refundRemaining });

export type RefundJson = z.infer<typeof refund>;

// ── customers export ──

export const customerExportQuery = z
  .object({
    /** The `nextCursor` of the page before (a customer id). */
    cursor: uuid.optional(),
  })
  .strict();

export const customerExportRow = customer.extend({ createdAt: z.string() });
export const customerExport = z.object({
  data: z.array(customerExportRow),
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: z.string().nullable(),
});
