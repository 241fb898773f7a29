/**
 * A store's address: the `{slug}` of `{slug}.{PLATFORM_DOMAIN}` (DESIGN §2). Shared by the sign-up
 * form (browser and server) and tenant resolution, so a name the form accepts is one the host
 * resolver can reach and a reserved name is refused in both.
 */

/** Hosts the platform keeps for itself; never a store's address. */
export const RESERVED_STORE_ADDRESSES = [
  "www",
  "admin",
  "app",
  "api",
  "platform",
  "static",
  "assets",
  "mail",
] as const;

export const MIN_STORE_ADDRESS = 3;
export const MAX_STORE_ADDRESS = 63;

/** One DNS label: lower-case letters, digits and inner hyphens (the stores table checks it too). */
export const STORE_ADDRESS_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

export function isReservedStoreAddress(slug: string): boolean {
  return (RESERVED_STORE_ADDRESSES as readonly string[]).includes(slug);
}

/**
 * An address suggested from a store's name ("Henna House" → "henna-house"): Latin letters and
 * digits kept, everything else a single hyphen. Empty when the name has none (an Arabic name):
 * the owner then types one.
 */
export function suggestStoreAddress(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_STORE_ADDRESS)
    .replace(/-+$/, "");
}
