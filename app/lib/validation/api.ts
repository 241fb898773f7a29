/**
 * The Admin API's schemas (issue 38, decision 045): what each endpoint accepts (its query or
 * JSON body) and answers. The handlers parse with them and the OpenAPI document
 * (/api/v1/openapi.json) is generated from them, so the two cannot drift apart.
 */
import { z } from "zod";
import { ORDER_STATUSES, PAYMENT_STATUSES } from "~/lib/order-transitions";
import { TAX_CLASSES } from "~/lib/vat-math";

const uuid = z.string().uuid();
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
    fields: z.record(z.array(z.string())).optional(),
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
