import { getZodConstraint } from "@conform-to/zod";
import type { z } from "zod";

/**
 * The HTML constraints (required, minLength, type…) a form's fields get from its schema,
 * computed on the server and sent with the loader data, so the browser renders them without
 * loading zod up front (see useZodForm).
 */
export const formConstraint = (schema: z.ZodTypeAny) => getZodConstraint(schema);
