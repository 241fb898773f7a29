/**
 * The page cache's settings from the environment (decision 017): PAGE_CACHE=off turns it off
 * (it is always off in development, where pages change with the code), PAGE_CACHE_MB bounds its
 * memory for the instance (default 64), PAGE_CACHE_TTL_SECONDS caps an entry's life (default
 * 60; changes drop entries long before).
 */
export interface PageCacheSettings {
  maxBytes: number;
  ttlMs: number;
}

type Env = Record<string, string | undefined>;

function wholeNumber(env: Env, name: string, fallback: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new Error(`${name} must be a whole number from 1 to ${max}, not ${JSON.stringify(raw)}`);
  }
  return value;
}

/** The settings, or null when the cache is off; throws with the reason on a bad value. */
export function pageCacheSettings(env: Env, production: boolean): PageCacheSettings | null {
  const switch_ = (env.PAGE_CACHE ?? "on").trim().toLowerCase();
  if (!["on", "off", "1", "0", ""].includes(switch_)) {
    throw new Error(`PAGE_CACHE must be on or off, not ${JSON.stringify(env.PAGE_CACHE)}`);
  }
  if (!production || switch_ === "off" || switch_ === "0") return null;
  return {
    maxBytes: wholeNumber(env, "PAGE_CACHE_MB", 64, 16_384) * 1024 * 1024,
    ttlMs: wholeNumber(env, "PAGE_CACHE_TTL_SECONDS", 60, 86_400) * 1000,
  };
}
