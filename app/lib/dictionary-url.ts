/**
 * Where the browser fetches each locale's dictionary: the JSON files themselves, emitted by Vite
 * under /assets with a content hash (so cached for a year), the same URL on server and client.
 */
import arUrl from "~/locales/ar.json?url";
import enUrl from "~/locales/en.json?url";
import type { Locale } from "./i18n";

export const DICTIONARY_URL: Record<Locale, string> = { en: enUrl, ar: arUrl };
