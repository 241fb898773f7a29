import type { Tenant } from "~/services/store/tenancy.server";

declare module "@remix-run/node" {
  interface AppLoadContext {
    tenant: Tenant;
    /** The client's address, for rate limits (the proxy's first hop when TRUST_PROXY=1). */
    clientAddress: string;
  }
}

export {};
