/** The owner-written text pages: about, terms and privacy, in the reader's language. */
import type { Locale } from "~/lib/i18n";
import { getStoreSettings, localized } from "~/services/store/settings.server";

export type StoreTextPage = "about" | "terms" | "privacy";

export async function getStoreTextPage(
  storeId: string,
  page: StoreTextPage,
  locale: Locale,
): Promise<string> {
  const settings = await getStoreSettings(storeId);
  const texts = {
    about: [settings.aboutEn, settings.aboutAr],
    terms: [settings.termsEn, settings.termsAr],
    privacy: [settings.privacyEn, settings.privacyAr],
  } as const;
  const [en, ar] = texts[page];
  return localized(en, ar, locale);
}
