/**
 * Only same-origin paths are redirect targets (DESIGN §8): a single leading slash, no
 * protocol-relative `//host` or `/\host`, no control characters. Anything else gives `fallback`.
 */
export function safeRedirectPath(to: unknown, fallback = "/"): string {
  if (typeof to !== "string" || to.length === 0 || to.length > 2048) return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  // Belt and braces: whatever browsers make of it must stay on this origin.
  const base = "http://same.invalid";
  return new URL(to, base).origin === base ? to : fallback;
}
