/**
 * Creating a store on the platform host (issue 12): store name, store address, the owner's email
 * and password. One schema for the action (conform) and the browser (useSchemaForm).
 */
import { z } from "zod";
import {
  hasDoubleHyphen,
  isReservedStoreAddress,
  MAX_STORE_ADDRESS,
  MIN_STORE_ADDRESS,
  STORE_ADDRESS_PATTERN,
} from "~/lib/store-address";
import { emailField, isPlainText, MAX_NAME_LENGTH, newPasswordField } from "./fields";

/** SPEC §5: required and at least 4 characters, both answered 'Please enter valid Store Name'. */
export const storeNameField = z
  .string({ required_error: "validation.storeName", invalid_type_error: "validation.storeName" })
  .trim()
  .min(4, "validation.storeName")
  .max(MAX_NAME_LENGTH, "validation.nameTooLong")
  .refine((value) => !/[<>]/.test(value) && isPlainText(value), "validation.storeName");

export const storeAddressField = z
  .string({
    required_error: "validation.storeAddressRequired",
    invalid_type_error: "validation.storeAddressRequired",
  })
  .trim()
  .toLowerCase()
  .min(1, "validation.storeAddressRequired")
  .min(MIN_STORE_ADDRESS, "validation.storeAddressInvalid")
  .max(MAX_STORE_ADDRESS, "validation.storeAddressInvalid")
  .regex(STORE_ADDRESS_PATTERN, "validation.storeAddressInvalid")
  .refine((value) => !hasDoubleHyphen(value), "validation.storeAddressHyphens")
  .refine((value) => !isReservedStoreAddress(value), "validation.storeAddressReserved");

export const createStoreSchema = z.object({
  storeName: storeNameField,
  slug: storeAddressField,
  email: emailField,
  password: newPasswordField,
});

export type CreateStoreInput = z.infer<typeof createStoreSchema>;
