/**
 * Path parameters used as lookup keys (slugs, tokens). A key with a control character can match
 * nothing we store, and PostgreSQL text cannot even hold a NUL byte (the query would fail with a
 * 500), so such a path is answered as "not found" before any query runs.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

export function isLookupKey(value: string | undefined): value is string {
  return typeof value === "string" && !CONTROL.test(value);
}
