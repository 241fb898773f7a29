/** What every loader and action receives as `context`, built once per request (DESIGN §2). */
import type { AppLoadContext } from "@remix-run/node";
import { DEFAULT_LOCALE } from "~/lib/i18n";
import { localeFor } from "~/lib/i18n.server";
import type { Tenant } from "~/services/store/tenancy.server";

export async function createLoadContext(input: {
  url: URL;
  cookieHeader: string | null;
  tenant: Tenant;
  clientAddress: string;
}): Promise<AppLoadContext> {
  const storeDefault = input.tenant.kind === "store" ? input.tenant.store.defaultLocale : DEFAULT_LOCALE;
  return {
    tenant: input.tenant,
    clientAddress: input.clientAddress,
    locale: await localeFor(input.url, input.cookieHeader, storeDefault),
    // A document's HTML only (lib/document-only.ts): a `.data` request (a client navigation, single
    // fetch) renders no document, so its loaders are spared building it (the product page's JSON-LD).
    documentOnly: input.url.pathname.endsWith(".data") ? undefined : {},
  };
}
