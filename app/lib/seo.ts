/**
 * Page metadata (DESIGN §7): title `{page} | {site}`, description, Open Graph with the locale
 * and the 1280×720 social image, theme colour. Meta functions run outside React, so they
 * translate with the root loader's locale data found in `matches`.
 */
import type { MetaDescriptor } from "@remix-run/node";
import type { TFunction } from "i18next";
import { getT, ogLocale } from "./i18n";
import { isShellErrorData, type RootData, type Shell } from "./shell";

export const SOCIAL_IMAGE = { path: "/social.png", width: 1280, height: 720 };

export function pageTitle(page: string | null | undefined, site: string): string {
  const trimmed = page?.trim();
  return trimmed && trimmed !== site ? `${trimmed} | ${site}` : site;
}

/**
 * A sentence that ends with a name after which it puts its full stop: one stop, not two, when the
 * name brings its own ("Shop online at Dye & Shade Co." rather than "… Co..").
 */
export function oneFullStop(sentence: string, name: string): string {
  return /[.!?…]$/u.test(name) && sentence.endsWith(`${name}.`) ? sentence.slice(0, -1) : sentence;
}

interface MatchLike {
  id: string;
  data?: unknown;
}

function shellFrom(matches: readonly MatchLike[], error?: unknown): Shell | null {
  const root = matches.find((m) => m.id === "root")?.data as RootData | undefined;
  if (root?.shell) return root.shell;
  // The root loader throws its shell with the 404 of an unknown host (or a 500).
  const thrown = (error as { data?: unknown } | undefined)?.data;
  return isShellErrorData(thrown) ? thrown.shell : null;
}

export interface SeoInput {
  matches: readonly MatchLike[];
  error?: unknown;
  /** The page part of the title; omit on a site's home page. */
  page?: (t: TFunction) => string | null | undefined;
  description?: (t: TFunction) => string | null | undefined;
  /** Path of this page for og:url; defaults to none. */
  path?: string;
}

export function seo({ matches, error, page, description, path }: SeoInput): MetaDescriptor[] {
  const shell = shellFrom(matches, error);
  if (!shell) return [];
  const t = getT(shell.locale);
  const site = shell.siteName ?? t("app.platformName");
  const title = pageTitle(page?.(t), site);
  const text =
    description?.(t) ??
    (shell.siteName
      ? oneFullStop(t("meta.storeDescription", { store: site }), site)
      : t("meta.platformDescription"));
  const image = `${shell.origin}${SOCIAL_IMAGE.path}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: text },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: site },
    { property: "og:title", content: title },
    { property: "og:description", content: text },
    { property: "og:locale", content: ogLocale(shell.locale) },
    { property: "og:locale:alternate", content: ogLocale(shell.locale === "ar" ? "en" : "ar") },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(SOCIAL_IMAGE.width) },
    { property: "og:image:height", content: String(SOCIAL_IMAGE.height) },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "theme-color", content: shell.brand.primaryColor },
  ];
  if (path !== undefined) {
    // One URL per language: the page itself, and its English and Arabic versions for search engines.
    const url = (lng?: string) =>
      `${shell.origin}${path}${lng ? `${path.includes("?") ? "&" : "?"}lng=${lng}` : ""}`;
    const canonical = url(shell.locale === "ar" ? "ar" : undefined);
    tags.push(
      { property: "og:url", content: canonical },
      { tagName: "link", rel: "canonical", href: canonical },
      { tagName: "link", rel: "alternate", hrefLang: "en", href: url("en") },
      { tagName: "link", rel: "alternate", hrefLang: "ar", href: url("ar") },
      { tagName: "link", rel: "alternate", hrefLang: "x-default", href: url() },
    );
  }
  return tags;
}
