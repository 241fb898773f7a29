/**
 * A store's address: the `{slug}` of `{slug}.{PLATFORM_DOMAIN}` (DESIGN §2). Shared by the sign-up
 * form (browser and server) and tenant resolution, so a name the form accepts is one the host
 * resolver can reach and a reserved name is refused in both.
 */

/**
 * Hosts the platform serves itself: tenant resolution never takes them for a store. Stores that
 * already have an address refused to new sign-ups below keep it.
 */
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

/**
 * Names a new store may not take (issue 18): mail and DNS hosts, the platform's services, and its
 * own route names (`/login`, `/signup`, …), so an address never passes for the platform's.
 */
export const REFUSED_STORE_ADDRESSES: ReadonlySet<string> = new Set([
  ...RESERVED_STORE_ADDRESSES,
  // Mail, DNS and the names mail clients and browsers probe on their own.
  "smtp",
  "imap",
  "pop",
  "ns",
  "mx",
  "ftp",
  "sftp",
  "webmail",
  "email",
  "autodiscover",
  "autoconfig",
  "localhost",
  "wpad",
  "isatap",
  // The platform's services.
  "login",
  "signin",
  "signup",
  "register",
  "account",
  "accounts",
  "auth",
  "sso",
  "oauth",
  "billing",
  "pay",
  "payment",
  "payments",
  "stripe",
  "checkout",
  "status",
  "help",
  "support",
  "docs",
  "blog",
  "cdn",
  "media",
  "images",
  "img",
  "dashboard",
  "console",
  "root",
  "system",
  "staff",
  "store",
  "stores",
  "shop",
  "security",
  "abuse",
  "postmaster",
  "hostmaster",
  "webmaster",
  "noreply",
  "no-reply",
  "test",
  "dev",
  "staging",
  "internal",
  // The first steps of the platform's own routes (app/routes).
  "about",
  "bench",
  "cart",
  "categories",
  "contact",
  "forgot-password",
  "handoff",
  "healthz",
  "logout",
  "orders",
  "privacy",
  "products",
  "profile",
  "reset-password",
  "resources",
  "terms",
  "webhooks",
  "wishlist",
]);

export const MIN_STORE_ADDRESS = 3;
export const MAX_STORE_ADDRESS = 63;

/** One DNS label: lower-case letters, digits and inner hyphens (the stores table checks it too). */
export const STORE_ADDRESS_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/**
 * What a reader could take for another: 0 for o, and 1, i and l for one another (`adm1n`,
 * `platf0rm`). Two addresses with one skeleton look alike.
 */
function skeleton(label: string): string {
  return label.replace(/0/g, "o").replace(/[1i]/g, "l");
}

const REFUSED_SKELETONS: ReadonlySet<string> = new Set([...REFUSED_STORE_ADDRESSES].map(skeleton));

/**
 * Refused for a new store: a refused name, that name numbered (`www1`, `ns2`, `mail-3`), any
 * `www…`, or an ASCII look-alike of any of these.
 */
export function isReservedStoreAddress(slug: string): boolean {
  const numbered = slug.replace(/-?\d+$/, "");
  return (
    skeleton(slug).startsWith("www") ||
    REFUSED_SKELETONS.has(skeleton(slug)) ||
    REFUSED_SKELETONS.has(skeleton(numbered))
  );
}

/**
 * Two hyphens in a row: `xn--…` is punycode (an address that displays as other letters, e.g. a
 * Cyrillic look-alike of another store) and any `--` at positions 3–4 is reserved for such
 * encodings (RFC 5891 §4.2.3.1); elsewhere it only makes an address easy to mistype.
 */
export function hasDoubleHyphen(slug: string): boolean {
  return slug.includes("--");
}

export type StoreAddressRule = "invalid" | "hyphens" | "reserved";

/** The one rule the sign-up form, its schema and the live address check apply: null when fine. */
export function storeAddressProblem(slug: string): StoreAddressRule | null {
  if (slug.length < MIN_STORE_ADDRESS || slug.length > MAX_STORE_ADDRESS || !STORE_ADDRESS_PATTERN.test(slug))
    return "invalid";
  if (hasDoubleHyphen(slug)) return "hyphens";
  if (isReservedStoreAddress(slug)) return "reserved";
  return null;
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
