/** The store of a request as the log and metrics name it (decision 021). */
import type { Tenant } from "../../app/services/store/tenancy.server";
import type { RequestFacts } from "./request";

export function storeFacts(tenant: Tenant): RequestFacts["store"] {
  return tenant.kind === "store" ? { id: tenant.store.id, slug: tenant.store.slug } : null;
}
