/**
 * Actions on several rows of an admin list at once (issue 39): the chosen rows' ids travel as a
 * repeated `ids` field (the list's checkboxes), at most BULK_MAX of them, and the answer says item
 * by item what was done and what was refused, with the reason. Isomorphic: the list's bar and
 * its result read these types.
 */
import { z } from "zod";
import { UUID_PATTERN } from "~/lib/uuid";

/** The checkboxes' field name. */
export const BULK_FIELD = "ids";
/** The most rows one action takes: a page of the list is 25, so this is four pages' worth. */
export const BULK_MAX = 100;

/**
 * The chosen ids: at least one, at most BULK_MAX, each a uuid (lower-cased, repeats dropped). A
 * person meets the first two (nothing ticked, or more than allowed), so they have messages of
 * their own; a malformed id is a forged form.
 */
export const bulkIdsSchema = z
  .array(z.string().regex(UUID_PATTERN, "errors.badRequest"))
  .min(1, "admin.bulk.errors.none")
  .max(BULK_MAX, "admin.bulk.errors.tooMany")
  .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]);

/** One chosen row in an answer: its id and how the list names it ("#1042", a product's name). */
export interface BulkItem {
  id: string;
  /** Null for an id the store does not have (deleted meanwhile, or another store's). */
  label: string | null;
}

/** A row the action left as it was, and why: a locale key. */
export interface BulkRefusal extends BulkItem {
  reason: string;
}

/** What a bulk action did, item by item. */
export interface BulkOutcome {
  /** The intent that ran ("ship", "deactivate"…). */
  action: string;
  done: BulkItem[];
  refused: BulkRefusal[];
  /** Deleting: products kept (archived, made inactive) because orders name them. */
  archived?: BulkItem[];
  /** Parameters of the "done" sentence (the category's name). */
  params?: Record<string, string>;
}
