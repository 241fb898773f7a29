/**
 * The store's own address for links that leave the request (emails): its verified custom domain
 * when the store was reached on it, otherwise `{slug}.{PLATFORM_DOMAIN}`, with the scheme and port
 * from configuration. Never the request's Host or X-Forwarded-Host: behind a proxy, or on a forged
 * header, those are not the address a shopper should be sent to.
 */
import { platformDomain, type TenantStore } from "~/services/store/tenancy.server";
import { config } from "~/lib/config.server";

/**
 * A platform on `localhost` (the default, and the embedded demo even in production mode) is served
 * directly over http on PORT; any real domain sits behind a TLS reverse proxy on the default port.
 * PUBLIC_SCHEME and PUBLIC_PORT (empty for the scheme's default) override either guess.
 */
function onLocalhost(): boolean {
  const domain = platformDomain();
  return domain === "localhost" || domain.endsWith(".localhost");
}

function publicScheme(): "http" | "https" {
  const configured = config().publicScheme;
  if (configured) return configured;
  return onLocalhost() ? "http" : "https";
}

function publicPort(): string {
  const { publicPort: configured, port } = config();
  if (configured !== undefined) return configured === null ? "" : String(configured);
  return onLocalhost() ? String(port) : "";
}

export function storeHost(store: Pick<TenantStore, "slug" | "customDomain" | "matchedBy">): string {
  // A custom domain is known to be verified only when the store was found by it.
  if (store.matchedBy === "domain" && store.customDomain) return store.customDomain.toLowerCase();
  return `${store.slug}.${platformDomain()}`;
}

function originOf(host: string): string {
  const scheme = publicScheme();
  const port = publicPort();
  const defaultPort = scheme === "https" ? "443" : "80";
  const suffix = port && port !== defaultPort ? `:${port}` : "";
  return `${scheme}://${host}${suffix}`;
}

export function storeOrigin(store: Pick<TenantStore, "slug" | "customDomain" | "matchedBy">): string {
  return originOf(storeHost(store));
}

/** The platform's own address (its landing page and staff sign-in), for pages that send people there. */
export function platformOrigin(): string {
  return originOf(platformDomain());
}
