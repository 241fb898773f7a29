/**
 * EXPLAIN (FORMAT JSON) output as one object: PostgreSQL returns it as a json value, PGlite (and
 * some drivers) as its text, in the single column of the single row.
 */
import { rowsOf } from "~/db/client.server";

export interface ExplainOutput<Plan> {
  Plan: Plan;
  /** Present with ANALYZE (and SUMMARY). */
  "Planning Time"?: number;
  "Execution Time"?: number;
}

export function explainOutput<Plan>(result: unknown): ExplainOutput<Plan> {
  const row = rowsOf<Record<string, unknown>>(result)[0]!;
  const json = Object.values(row)[0];
  const parsed = (typeof json === "string" ? JSON.parse(json) : json) as ExplainOutput<Plan>[];
  return parsed[0]!;
}
