/** The fixed corpus of bad values every form field and parameter of the route matrix is fed. */

/** Values for any text field. Each is [label, value]. */
export const BAD_VALUES: ReadonlyArray<readonly [string, string]> = [
  ["empty", ""],
  ["100 KB", "x".repeat(100 * 1024)],
  ["NUL", "a\u0000b"],
  ["control chars", "a\u0001\u0007\u001b[31mb\u007f"],
  ["zero-width", "\u200b\u200d\ufeff"],
  ["bidi override", "a\u202egnp.exe"],
  ["sql", "'; drop table users; --"],
  ["script", "<script>alert(1)</script>"],
  ["-1", "-1"],
  ["1e309", "1e309"],
  ["NaN", "NaN"],
  ["non-ASCII", "\u3002x\u00e9"],
  ["absolute URL", "https://evil.test/x"],
];

/** Values for redirectTo: off-site, scheme and non-ASCII targets. */
export const BAD_REDIRECTS: ReadonlyArray<readonly [string, string]> = [
  ["non-ASCII", "/\u3002x"],
  ["absolute URL", "https://evil.test/"],
  ["protocol-relative", "//evil.test/"],
  ["backslash", "/\\evil.test"],
  ["javascript:", "javascript:alert(1)"],
  ["NUL", "/a\u0000b"],
];

/** Stored script and markup: must come back as text, never as elements. */
export const STORED_MARKUP = "<script>alert(1)</script><b>x</b>";

/**
 * Forged additions to a valid form that every action refuses with a 400 (issue 18): Conform's
 * intent stepping into `__proto__`, and field names that do. Each is [label, extra fields].
 */
export const FORGED_FIELDS: ReadonlyArray<readonly [string, ReadonlyArray<readonly [string, string]>]> = [
  ["__proto__ intent", [["__intent__", '{"type":"remove","payload":{"name":"__proto__","index":1}}']]],
  ["__proto__ field", [["__proto__", "x"]]],
  ["constructor field", [["constructor", "x"]]],
];
