/**
 * The rows an admin chose on a list for an action on several at once (issue 39): the repeated
 * `ids` field of a POST (an intent's schema, `BULK_FORM`) or of a GET (printing the packing slips,
 * exporting the chosen orders). Nothing chosen, too many, or a malformed id → 400 with a message,
 * before anything is read.
 */
import { z } from "zod";
import { BULK_FIELD, bulkIdsSchema } from "~/lib/bulk";
import type { IntentParseOptions } from "./intent-action.server";
import { Refusal } from "./refusal.server";

/** An intent's parse options for a form of chosen rows (plus `messageFields` of its own). */
export const BULK_FORM: IntentParseOptions = { listFields: [BULK_FIELD], messageFields: [BULK_FIELD] };

/** The schema of an intent whose form is the chosen rows and nothing else. */
export const bulkFormSchema = z.object({ [BULK_FIELD]: bulkIdsSchema });

/** The chosen ids of a GET (`?ids=…&ids=…`), or a 400 that says what is wrong. */
export function selectionFromQuery(request: Request): string[] {
  const parsed = bulkIdsSchema.safeParse(new URL(request.url).searchParams.getAll(BULK_FIELD));
  if (parsed.success) return parsed.data;
  throw new Refusal(400, { key: parsed.error.issues[0]?.message ?? "errors.badRequest" });
}

/** Whether a GET names chosen rows at all (an export of the chosen orders rather than a filter). */
export const hasSelection = (request: Request) => new URL(request.url).searchParams.has(BULK_FIELD);
