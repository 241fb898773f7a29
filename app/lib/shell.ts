/**
 * The data the root loader hands to every page: locale (its dictionary is a static file, see
 * app/lib/i18n.ts), theme, branding and
 * what the header and footer show. Routes read it with `useRootData()`; meta functions through
 * `seo()`. Also thrown (with a 404/500) when the root cannot render a site, so the error page
 * still speaks the visitor's language.
 */
import type { BrandColors } from "./brand";
import type { Locale } from "./i18n";
import type { Theme } from "./theme";
import type { ToastMessage } from "./toast";

export interface Shell {
  locale: Locale;
  dir: "ltr" | "rtl";
  theme: Theme;
  /** scheme://host of this request, for absolute URLs in meta tags. */
  origin: string;
  brand: BrandColors;
  /** The store's name; null on the platform host and unknown hosts. */
  siteName: string | null;
}

export interface StoreShellSettings {
  heroTitle: string;
  heroSubtitle: string;
  /** Served through /resources/image; null when the owner has not chosen one. */
  heroImageId: string | null;
  contact: { email: string; phone: string; address: string; hours: string };
  footerText: string;
  /** Links to the store's social pages, in the footer (https only, checked when saved). */
  socialLinks: { network: string; url: string }[];
}

export type Site =
  | {
      kind: "store";
      name: string;
      slug: string;
      /** Served through /resources/image; null when the store has not uploaded one. */
      logoImageId: string | null;
      currency: string;
      /** The IANA zone the store's dates and times are shown in. */
      timeZone: string;
      year: number;
      settings: StoreShellSettings;
    }
  | { kind: "platform"; year: number };

/** Who is signed in on this host, for the header; never more than the page may show. */
export interface Viewer {
  name: string;
  /** The avatar's letter (app/lib/avatar.ts), sent as data so a cached page can fill it in. */
  initial: string;
  isAdmin: boolean;
  imageId: string | null;
}

export interface RootData {
  shell: Shell;
  site: Site;
  toast: ToastMessage | null;
  viewer: Viewer | null;
  /** Lines in the signed-in shopper's cart, for the header. */
  cartCount?: number;
}

/**
 * Why a store is closed: its subscription expired (SPEC's notice, and the owner's way to renew) or
 * the platform's staff suspended it (nothing to renew: the notice says how to reach the platform).
 */
export interface ClosedNotice {
  closure: "expired" | "suspended";
  platformUrl: string;
  /** The platform's address as the notice shows it (no scheme). */
  platformHost: string;
}

export interface ShellErrorData {
  shell: Shell;
  /** `store-closed`: the subscription gate or a suspension; the page shows only the notice. */
  reason: "store-not-found" | "store-closed" | "error";
  /** With `store-closed`: which of the two. */
  closed?: ClosedNotice;
}

export function isShellErrorData(value: unknown): value is ShellErrorData {
  return (
    typeof value === "object" &&
    value !== null &&
    "shell" in value &&
    "reason" in value &&
    typeof (value as { shell: unknown }).shell === "object"
  );
}
