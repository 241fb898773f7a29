/**
 * What the store-setting pages save (SPEC §2): the store's name, currency and language, shipping,
 * branding, the home page, the text pages, contact and footer. Every function takes the store id
 * first and writes in its RLS scope.
 *
 * Every store page shows these through the tenant cache (tenancy.server.ts). The `store_changed`
 * triggers on stores and store_settings tell every instance to drop the store's entry;
 * `tenantChanged` drops it on this instance right after the commit, so the owner's next page (and
 * any shopper's on this instance) shows the change without waiting for the notification.
 */
import { changedFields, recordAudit } from "~/services/audit/audit.server";
import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import { getDb, type Tx } from "~/db/client.server";
import { categories, products, stores, storeSettings } from "~/db/schema";
import type { SocialNetwork } from "~/lib/validation/admin-settings";
import { SOCIAL_NETWORKS } from "~/lib/validation/admin-settings";
import { insertImage, type NewImage } from "~/services/media/images.server";
import { getStoreSettings, type StoreSettings } from "~/services/store/settings.server";
import { tenantChanged } from "~/services/store/tenancy.server";
import type { FeaturedChoice } from "./contract";

export type { FeaturedChoice };

type SettingsValues = Partial<Omit<StoreSettings, "storeId" | "updatedAt">>;

/** Inserts the settings row if the store has none yet, else updates the given columns. */
async function upsertSettings(tx: Tx, storeId: string, values: SettingsValues) {
  const [before] = await tx.select().from(storeSettings).where(eq(storeSettings.storeId, storeId));
  const changes = changedFields(before as Record<string, unknown> | undefined, values);
  if (Object.keys(changes).length > 0) {
    await recordAudit(tx, storeId, { action: "settings.update", entityType: "settings", changes });
  }
  const set = { ...values, updatedAt: new Date() };
  await tx
    .insert(storeSettings)
    .values({ storeId, ...set })
    .onConflictDoUpdate({ target: storeSettings.storeId, set });
}

/** Saves some of the store's settings, with their audit entry, and tells every process. */
export async function saveSettings(storeId: string, values: SettingsValues): Promise<void> {
  const db = await getDb();
  await db.withStore(storeId, (tx) => upsertSettings(tx, storeId, values));
  await tenantChanged(storeId);
}

export { getStoreSettings };

export interface GeneralSettings {
  storeName: string;
  currency: string;
  defaultLocale: "en" | "ar";
  /** An IANA name, checked by the form's schema. */
  timeZone: string;
  /** ISO 3166-1 alpha-2, checked by the action. */
  country: string;
  defaultWeightGrams: number;
}

/**
 * /admin/settings. Every store page reads the time zone through the tenant; checkout reads the
 * country (an address's default) and the default weight from the settings row. The flat fee and
 * threshold columns are no longer edited here: shipping is priced per zone (decision 039).
 */
export async function saveGeneralSettings(storeId: string, input: GeneralSettings): Promise<void> {
  const db = await getDb();
  await db.withStore(storeId, async (tx) => {
    const [store] = await tx
      .select({ name: stores.name, currency: stores.currency, defaultLocale: stores.defaultLocale })
      .from(stores)
      .where(eq(stores.id, storeId));
    const changes = changedFields(store, {
      name: input.storeName,
      currency: input.currency,
      defaultLocale: input.defaultLocale,
    });
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx, storeId, { action: "settings.update", entityType: "settings", changes });
    }
    await tx
      .update(stores)
      .set({
        name: input.storeName,
        currency: input.currency,
        defaultLocale: input.defaultLocale,
        updatedAt: new Date(),
      })
      .where(eq(stores.id, storeId));
    await upsertSettings(tx, storeId, {
      timeZone: input.timeZone,
      country: input.country,
      defaultWeightGrams: input.defaultWeightGrams,
    });
  });
  await tenantChanged(storeId);
}

/**
 * An image field's change: undefined keeps the image, null removes it, a checked upload replaces
 * it (stored in the same transaction as the settings).
 */
export type ImageChange = NewImage | null | undefined;

async function imageColumn(tx: Tx, storeId: string, change: NewImage | null) {
  return change && (await insertImage(tx, storeId, change));
}

export async function saveBranding(
  storeId: string,
  input: { primaryColor: string; secondaryColor: string; logo: ImageChange },
): Promise<void> {
  const db = await getDb();
  await db.withStore(storeId, async (tx) =>
    upsertSettings(tx, storeId, {
      primaryColor: input.primaryColor,
      secondaryColor: input.secondaryColor,
      ...(input.logo !== undefined ? { logoImageId: await imageColumn(tx, storeId, input.logo) } : {}),
    }),
  );
  await tenantChanged(storeId);
}

export interface HomepageInput {
  heroTitleEn: string;
  heroTitleAr: string;
  heroSubtitleEn: string;
  heroSubtitleAr: string;
  heroImage: ImageChange;
  featuredCategoryIds: string[];
  featuredProductIds: string[];
}

/**
 * The hero and the featured picks. Every picked id is looked up in the store first: an id that
 * is not one of its top-level categories or products refuses the whole save (not-found).
 */
export async function saveHomepage(
  storeId: string,
  input: HomepageInput,
): Promise<{ ok: true } | { ok: false; error: "not-found" }> {
  const db = await getDb();
  const saved = await db.withStore(storeId, async (tx) => {
    if (input.featuredCategoryIds.length > 0) {
      const found = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(and(inArray(categories.id, input.featuredCategoryIds), isNull(categories.parentId)));
      if (found.length !== input.featuredCategoryIds.length) return false;
    }
    if (input.featuredProductIds.length > 0) {
      const found = await tx
        .select({ id: products.id })
        .from(products)
        .where(inArray(products.id, input.featuredProductIds));
      if (found.length !== input.featuredProductIds.length) return false;
    }
    const { heroImage, ...rest } = input;
    await upsertSettings(tx, storeId, {
      ...rest,
      ...(heroImage !== undefined ? { heroImageId: await imageColumn(tx, storeId, heroImage) } : {}),
    });
    return true;
  });
  if (!saved) return { ok: false, error: "not-found" };
  await tenantChanged(storeId);
  return { ok: true };
}

/** The about page (its long text is read by /about itself, not cached with the tenant). */
export async function saveAbout(storeId: string, input: { aboutEn: string; aboutAr: string }) {
  await saveSettings(storeId, input);
}

export async function saveLegal(
  storeId: string,
  input: { termsEn: string; termsAr: string; privacyEn: string; privacyAr: string },
) {
  await saveSettings(storeId, input);
}

export interface ContactFooterInput {
  contactEmail: string;
  contactPhone: string;
  contactAddressEn: string;
  contactAddressAr: string;
  contactHours: string;
  footerTextEn: string;
  footerTextAr: string;
  social: Partial<Record<SocialNetwork, string>>;
}

export async function saveContactFooter(storeId: string, input: ContactFooterInput) {
  const { social, ...rest } = input;
  const socialLinks = SOCIAL_NETWORKS.flatMap((network) =>
    social[network] ? [{ network, url: social[network] }] : [],
  );
  await saveSettings(storeId, { ...rest, socialLinks });
}

/** Most products the home page form lists to pick from (the best sellers, plus any picked). */
const PRODUCT_CHOICES = 200;

export async function listFeaturedChoices(
  storeId: string,
  picked: string[],
): Promise<{ categories: FeaturedChoice[]; products: FeaturedChoice[] }> {
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    const categoryRows = await tx
      .select({ id: categories.id, nameEn: categories.nameEn, nameAr: categories.nameAr })
      .from(categories)
      .where(isNull(categories.parentId))
      .orderBy(asc(categories.sortOrder), asc(categories.slug));
    const columns = { id: products.id, nameEn: products.nameEn, nameAr: products.nameAr };
    const best = await tx
      .select(columns)
      .from(products)
      .where(eq(products.active, true))
      .orderBy(desc(products.unitsSold), asc(products.id))
      .limit(PRODUCT_CHOICES);
    const missing = picked.filter((id) => !best.some((row) => row.id === id));
    const extra = missing.length
      ? await tx.select(columns).from(products).where(inArray(products.id, missing))
      : [];
    return { categories: categoryRows, products: [...extra, ...best] };
  });
}

/** Where the store ships from (ISO 3166-1), the country a new zone's form starts with. */
export async function storeCountryOf(storeId: string): Promise<string> {
  const settings = await getStoreSettings(storeId);
  return settings.country ?? "SA";
}
