/**
 * Shared attributes for the shell's cookies (language, theme, flash toast). Never `Domain=`:
 * each store host is its own cookie jar (DESIGN §5). `Secure` is on in production; browsers
 * accept Secure cookies on http://*.localhost, and COOKIE_SECURE=0 turns it off for plain-http
 * deployments behind nothing.
 */
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { config } from "./config.server";

export const cookieDefaults = {
  path: "/",
  sameSite: "lax" as const,
  httpOnly: true,
  /** Read when a cookie is made, after server.ts fixed the configuration. */
  get secure(): boolean {
    return config().cookieSecure;
  },
};

/** Public (it is in the repository): good for development and tests only. */
const DEVELOPMENT_SECRET = "dev-only-session-secret-change-me";

export const MISSING_SECRET_MESSAGE =
  "SESSION_SECRET is not set. A production server with DATABASE_URL signs its cookies with it: " +
  "set SESSION_SECRET to a long random value (e.g. `openssl rand -base64 32`), comma-separated " +
  "with the previous one while rotating.";

type Env = Record<string, string | undefined>;

/**
 * Run once at start (server.ts), before any cookie is signed (decision 009):
 * - SESSION_SECRET set: used as it is;
 * - production with DATABASE_URL and none: a real deployment; throws MISSING_SECRET_MESSAGE;
 * - production on the embedded demo database: a random secret, made once and kept in
 *   `{dataDir}/session-secret` (mode 0600), so sessions survive a restart of `npm start`;
 * - development and tests: the public development secret.
 * The chosen secret is put in `env.SESSION_SECRET`, where `cookieSecrets` reads it.
 */
export function prepareSessionSecret(env: Env, dataDir: string): void {
  if (env.SESSION_SECRET?.trim()) return;
  if (env.NODE_ENV !== "production") return;
  if (env.DATABASE_URL) throw new Error(MISSING_SECRET_MESSAGE);
  const file = path.join(dataDir, "session-secret");
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${randomBytes(32).toString("base64url")}\n`, { mode: 0o600, flag: "wx" });
  }
  chmodSync(file, 0o600);
  env.SESSION_SECRET = readFileSync(file, "utf8").trim();
}

/** Secrets for signed cookies (SESSION_SECRET, comma-separated for rotation; newest first). */
export function cookieSecrets(
  env: Env = {
    SESSION_SECRET: config().sessionSecret,
    NODE_ENV: config().production ? "production" : undefined,
  },
): string[] {
  const secrets = (env.SESSION_SECRET ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (secrets.length > 0) return secrets;
  // Never the public secret in production: a cookie anyone can forge is worse than no server.
  if (env.NODE_ENV === "production") throw new Error(MISSING_SECRET_MESSAGE);
  return [DEVELOPMENT_SECRET];
}
