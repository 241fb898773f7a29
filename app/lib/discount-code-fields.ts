/**
 * The discount code forms' names and limits, without their schema: the storefront's cart and
 * checkout pages read these at start-up, and the schema (zod) loads only when the field is used
 * (decision 028's JavaScript budget). lib/validation/discount-code.ts builds the schema on them.
 */
export const MAX_CODE_LENGTH = 40;
export const CODE_CHARACTERS = /^[A-Za-z0-9_-]+$/;
export const APPLY_CODE = "apply-code";
export const REMOVE_CODE = "remove-code";

export const isCodeIntent = (intent: unknown): boolean => intent === APPLY_CODE || intent === REMOVE_CODE;
