/**
 * Cart and wishlist forms (one schema per form, shared by server and browser). Quantities are
 * whole numbers written as digits only, so "1e9", "-1", "2.5" and "abc" are refused before any
 * number parsing can bend them. Messages are locale keys.
 */
import { z } from "zod";

/** Far above any real stock; stock itself is checked on the server against the product row. */
export const MAX_LINE_QUANTITY = 9999;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const productIdField = z
  .string({ required_error: "cart.productInvalid", invalid_type_error: "cart.productInvalid" })
  .regex(UUID, "cart.productInvalid");

/** A variant of the product; left out, the product's only variant (whose id is the product's). */
const variantIdField = z.string().regex(UUID, "cart.productInvalid").optional();
/** The chosen value of option 1, 2 or 3 (radio groups on the product page). */
const optionValueField = z.string().regex(UUID, "variants.unavailable").optional();

function quantityField(min: 0 | 1) {
  const invalid = min === 0 ? "cart.quantityInvalidZero" : "cart.quantityInvalid";
  return z
    .string({ required_error: invalid, invalid_type_error: invalid })
    .trim()
    .regex(/^\d{1,9}$/, invalid)
    .transform(Number)
    .refine((n) => n >= min, invalid)
    .refine((n) => n <= MAX_LINE_QUANTITY, "cart.quantityTooLarge");
}

const redirectToField = z.string().max(2048).optional();

export const addToCartSchema = z.object({
  intent: z.literal("add"),
  productId: productIdField,
  variantId: variantIdField,
  option1: optionValueField,
  option2: optionValueField,
  option3: optionValueField,
  quantity: quantityField(1),
  redirectTo: redirectToField,
});

/** 0 removes the line. */
export const updateCartSchema = z.object({
  intent: z.literal("update"),
  productId: productIdField,
  variantId: variantIdField,
  quantity: quantityField(0),
});

export const removeFromCartSchema = z.object({
  intent: z.literal("remove"),
  productId: productIdField,
  variantId: variantIdField,
});

export const cartActionSchema = z.discriminatedUnion(
  "intent",
  [addToCartSchema, updateCartSchema, removeFromCartSchema],
  { errorMap: () => ({ message: "cart.badIntent" }) },
);

export const wishlistActionSchema = z.object({
  intent: z.enum(["toggle", "remove"], { errorMap: () => ({ message: "cart.badIntent" }) }),
  productId: productIdField,
  redirectTo: redirectToField,
});
