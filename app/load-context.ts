import type { Tenant } from "~/services/tenancy.server";

declare module "@remix-run/node" {
  interface AppLoadContext {
    tenant: Tenant;
  }
}

export {};
