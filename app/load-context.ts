import type { Locale } from "~/lib/i18n";
import type { Tenant } from "~/services/store/tenancy.server";

declare module "@remix-run/node" {
  interface AppLoadContext {
    tenant: Tenant;
    /** The client's address, for rate limits (the proxy's first hop when TRUST_PROXY=1). */
    clientAddress: string;
    /** The reader's language, resolved once per request (`?lng=`, cookie, store default, en). */
    locale: Locale;
    /** This response's Content-Security-Policy nonce, for inline scripts (server.ts sets it). */
    cspNonce?: string;
  }
}

export {};
