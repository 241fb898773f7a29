/** A store's settings row (branding, homepage, contact and footer, legal texts). */
import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { storeSettings } from "~/db/schema";
import { DEFAULT_CONTACT_HOURS } from "~/lib/contact-hours";
import type { Locale } from "~/lib/i18n";
import { localized } from "~/lib/localized-name";
import type { StoreShellSettings } from "~/lib/shell";

export type StoreSettings = typeof storeSettings.$inferSelect;

export { DEFAULT_CONTACT_HOURS };

/** What a store without a settings row looks like: the column defaults. */
export function defaultStoreSettings(storeId: string): StoreSettings {
  return {
    storeId,
    logoImageId: null,
    primaryColor: "#242F51",
    secondaryColor: "#384878",
    heroTitleEn: "",
    heroTitleAr: "",
    heroSubtitleEn: "",
    heroSubtitleAr: "",
    heroImageId: null,
    aboutEn: "",
    aboutAr: "",
    termsEn: "",
    termsAr: "",
    privacyEn: "",
    privacyAr: "",
    contactEmail: "",
    contactPhone: "",
    contactAddressEn: "",
    contactAddressAr: "",
    contactHours: DEFAULT_CONTACT_HOURS,
    footerTextEn: "",
    footerTextAr: "",
    socialLinks: [],
    cashOnDeliveryEnabled: true,
    shippingFeeCents: 0,
    freeShippingThresholdCents: 0,
    country: "SA",
    defaultWeightGrams: 0,
    timeZone: "UTC",
    reviewModeration: "publish",
    codFeeCents: 0,
    codMaxTotalCents: null,
    codVerifiedOnly: false,
    codConfirm: false,
    codConfirmRemindHours: 6,
    codConfirmCancelHours: 24,
    codMaxRefusals: null,
    returnWindowDays: 14,
    vatRegistered: false,
    vatNumber: null,
    vatLegalNameEn: "",
    vatLegalNameAr: "",
    pricesIncludeVat: true,
    vatOnShipping: true,
    vatOnCodFee: true,
    vatRates: {},
    featuredCategoryIds: [],
    featuredProductIds: [],
    updatedAt: new Date(0),
  };
}

export async function getStoreSettings(storeId: string): Promise<StoreSettings> {
  const db = await getDb();
  const [row] = await db.withStore(storeId, (tx) =>
    tx.select().from(storeSettings).where(eq(storeSettings.storeId, storeId)),
  );
  return row ?? defaultStoreSettings(storeId);
}

export { localized } from "~/lib/localized-name";

/** The store's brand: its two colours and its logo (null before its settings row exists). */
export const BRAND_SETTINGS_COLUMNS = {
  primaryColor: storeSettings.primaryColor,
  secondaryColor: storeSettings.secondaryColor,
  logoImageId: storeSettings.logoImageId,
};

/**
 * The settings every store page shows (branding, header, footer, home hero). Small enough to
 * keep in the tenant cache, which `store_changed` notifications keep current; the long texts
 * (about, terms, privacy) stay in the database for the pages that show them.
 */
export const SHELL_SETTINGS_COLUMNS = {
  ...BRAND_SETTINGS_COLUMNS,
  heroTitleEn: storeSettings.heroTitleEn,
  heroTitleAr: storeSettings.heroTitleAr,
  heroSubtitleEn: storeSettings.heroSubtitleEn,
  heroSubtitleAr: storeSettings.heroSubtitleAr,
  heroImageId: storeSettings.heroImageId,
  contactEmail: storeSettings.contactEmail,
  contactPhone: storeSettings.contactPhone,
  contactAddressEn: storeSettings.contactAddressEn,
  contactAddressAr: storeSettings.contactAddressAr,
  contactHours: storeSettings.contactHours,
  footerTextEn: storeSettings.footerTextEn,
  footerTextAr: storeSettings.footerTextAr,
  socialLinks: storeSettings.socialLinks,
  featuredCategoryIds: storeSettings.featuredCategoryIds,
  featuredProductIds: storeSettings.featuredProductIds,
};
export type ShellSettingsSource = { [K in keyof typeof SHELL_SETTINGS_COLUMNS]: StoreSettings[K] };

/** The parts of the settings every store page shows (header, footer, home hero). */
export function shellSettings(settings: ShellSettingsSource, locale: Locale): StoreShellSettings {
  return {
    heroTitle: localized(settings.heroTitleEn, settings.heroTitleAr, locale),
    heroSubtitle: localized(settings.heroSubtitleEn, settings.heroSubtitleAr, locale),
    heroImageId: settings.heroImageId,
    contact: {
      email: settings.contactEmail,
      phone: settings.contactPhone,
      address: localized(settings.contactAddressEn, settings.contactAddressAr, locale),
      hours: settings.contactHours,
    },
    footerText: localized(settings.footerTextEn, settings.footerTextAr, locale),
    socialLinks: settings.socialLinks,
  };
}
