/**
 * Shared attributes for the shell's cookies (language, theme, flash toast). Never `Domain=`:
 * each store host is its own cookie jar (DESIGN §5). `Secure` is on in production; browsers
 * accept Secure cookies on http://*.localhost, and COOKIE_SECURE=0 turns it off for plain-http
 * deployments behind nothing.
 */
export const cookieDefaults = {
  path: "/",
  sameSite: "lax" as const,
  httpOnly: true,
  secure: process.env.NODE_ENV === "production" && process.env.COOKIE_SECURE !== "0",
};

let warned = false;

/** Secrets for signed cookies (SESSION_SECRET, comma-separated for rotation; newest first). */
export function cookieSecrets(): string[] {
  const secrets = (process.env.SESSION_SECRET ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (secrets.length > 0) return secrets;
  if (process.env.NODE_ENV === "production" && !warned) {
    warned = true;
    console.warn("SESSION_SECRET is not set: signed cookies use the development default");
  }
  return ["dev-only-session-secret-change-me"];
}
