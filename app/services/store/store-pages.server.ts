/** The owner-written text pages: about, terms and privacy, in the reader's language. */
import type { AppLoadContext } from "@remix-run/node";
import type { Locale } from "~/lib/i18n";
import { requestLocale } from "~/lib/shell.server";
import { getStoreSettings, localized } from "~/services/store/settings.server";
import { requireStore } from "~/services/store/tenancy.server";

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

/** The loader every text page shares. */
export async function textPageLoader(
  { request, context }: { request: Request; context: AppLoadContext },
  page: StoreTextPage,
) {
  const store = requireStore(context);
  return { body: await getStoreTextPage(store.id, page, await requestLocale(request, context.tenant)) };
}
