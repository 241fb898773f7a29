/**
 * Only same-origin paths are redirect targets (DESIGN §8): a single leading slash, no
 * protocol-relative `//host` or `/\host`, and nothing but printable ASCII (a `Location` header
 * cannot hold anything else, and a browser would percent-encode it anyway: `/%E3%80%82x` is the
 * form to send). Anything else gives `fallback`.
 */
export function safeRedirectPath(to: unknown, fallback = "/"): string {
  if (typeof to !== "string" || to.length === 0 || to.length > 2048) return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  // Printable ASCII without the backslash: no control, space, non-ASCII or `\` (browsers read it as `/`).
  if (!/^[\x21-\x5b\x5d-\x7e]+$/.test(to)) return fallback;
  // Belt and braces: whatever browsers make of it must stay on this origin.
  const base = "http://same.invalid";
  return new URL(to, base).origin === base ? to : fallback;
}
