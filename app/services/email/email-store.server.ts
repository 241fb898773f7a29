import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { stores, storeSettings } from "~/db/schema";
import { BRAND_SETTINGS_COLUMNS } from "~/services/store/settings.server";
import { errorFields, logger } from "~/lib/log.server";
import { DEFAULT_BRANDING } from "~/services/store/tenancy.server";
import { emailStore, type EmailStore } from "./email-templates.server";

/**
 * How emails show a store when no request brought it (a Stripe webhook): its name, colour and
 * logo from the store's own rows, links on its verified custom domain or its subdomain.
 */
export async function loadEmailStore(storeId: string): Promise<EmailStore | null> {
  const db = await getDb();
  const [row] = await db.withStore(storeId, (tx) =>
    tx
      .select({
        name: stores.name,
        slug: stores.slug,
        customDomain: stores.customDomain,
        verifiedAt: stores.customDomainVerifiedAt,
        ...BRAND_SETTINGS_COLUMNS,
      })
      .from(stores)
      .leftJoin(storeSettings, eq(storeSettings.storeId, stores.id))
      .where(eq(stores.id, storeId)),
  );
  if (!row) return null;
  return emailStore({
    name: row.name,
    slug: row.slug,
    customDomain: row.customDomain,
    matchedBy: row.customDomain && row.verifiedAt ? "domain" : "slug",
    branding: {
      primaryColor: row.primaryColor ?? DEFAULT_BRANDING.primaryColor,
      secondaryColor: row.secondaryColor ?? DEFAULT_BRANDING.secondaryColor,
      logoImageId: row.logoImageId ?? null,
    },
  });
}

/**
 * `loadEmailStore` for the emails sent after a webhook's transaction, which must not fail it:
 * a store that cannot be read is logged ("<what> not sent: the store could not be read") and null.
 */
export function loadEmailStoreOrLog(storeId: string, what: string): Promise<EmailStore | null> {
  return loadEmailStore(storeId).catch((error: unknown) => {
    logger.error({ store: storeId, ...errorFields(error) }, `${what} not sent: the store could not be read`);
    return null;
  });
}
