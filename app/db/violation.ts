/**
 * Which PostgreSQL error a failed statement was, through drizzle's and the drivers' wrapping
 * (drizzle's "Failed query" error carries the driver's in `cause`; postgres.js names the
 * constraint `constraint_name`, PGlite `constraint`).
 */
export const UNIQUE_VIOLATION = "23505";
export const FOREIGN_KEY_VIOLATION = "23503";

/** `error` (or an error it wraps) is a `code` violation, of `constraint` when one is named. */
export function isViolation(error: unknown, code: string, constraint?: string): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const fields = e as Record<string, unknown>;
    if (fields.code !== code) continue;
    if (constraint === undefined) return true;
    if ((fields.constraint_name ?? fields.constraint) === constraint) return true;
    if (String((e as Error).message).includes(constraint)) return true;
  }
  return false;
}
