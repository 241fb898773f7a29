/**
 * The store's own address for links that leave the request (emails): its verified custom domain
 * when the store was reached on it, otherwise `{slug}.{PLATFORM_DOMAIN}`, with the scheme and port
 * from configuration. Never the request's Host or X-Forwarded-Host: behind a proxy, or on a forged
 * header, those are not the address a shopper should be sent to.
 */
import { platformDomain, type TenantStore } from "~/services/store/tenancy.server";

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
  const configured = process.env.PUBLIC_SCHEME?.toLowerCase();
  if (configured === "http" || configured === "https") return configured;
  return onLocalhost() ? "http" : "https";
}

function publicPort(): string {
  const configured = process.env.PUBLIC_PORT;
  if (configured !== undefined) return configured;
  return onLocalhost() ? (process.env.PORT ?? "3000") : "";
}

export function storeHost(store: Pick<TenantStore, "slug" | "customDomain" | "matchedBy">): string {
  // A custom domain is known to be verified only when the store was found by it.
  if (store.matchedBy === "domain" && store.customDomain) return store.customDomain.toLowerCase();
  return `${store.slug}.${platformDomain()}`;
}

export function storeOrigin(store: Pick<TenantStore, "slug" | "customDomain" | "matchedBy">): string {
  const scheme = publicScheme();
  const port = publicPort();
  const defaultPort = scheme === "https" ? "443" : "80";
  const suffix = port && port !== defaultPort ? `:${port}` : "";
  return `${scheme}://${storeHost(store)}${suffix}`;
}
