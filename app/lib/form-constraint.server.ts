import { getZodConstraint } from "@conform-to/zod";
import type { z } from "zod";
import type { FieldConstraint } from "./use-schema-form";

/**
 * The HTML constraints (required, minLength, maxLength…) a form's fields get from its schema,
 * computed on the server and sent with the loader data, so the browser renders them without
 * loading zod up front (see useSchemaForm).
 */
export const formConstraint = (schema: z.ZodTypeAny): Record<string, FieldConstraint> =>
  getZodConstraint(schema);
