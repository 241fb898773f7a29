/**
 * The account emails (reset link, sign-in link, welcome) in the shopper's locale, dressed in the
 * store's name, logo and colours. Texts come from the locale files under `email.*`.
 */
import "~/lib/i18n.server";
import { getT, type Locale } from "~/lib/i18n";
import { emailFrame, escapeHtml } from "~/services/email/email-frame.server";
import type { EmailMessage } from "~/services/email/email.server";
import { storeOrigin } from "~/services/store/store-origin.server";
import type { TenantStore } from "~/services/store/tenancy.server";

export interface EmailStore {
  name: string;
  origin: string;
  primaryColor: string;
  logoUrl?: string | null;
}

type Kind = "reset-password" | "sign-in-link" | "welcome" | "payment-failed" | "trial-ending";

function render(
  kind: Kind,
  store: EmailStore,
  locale: Locale,
  to: string,
  params: { name: string; link?: string },
): EmailMessage {
  const t = getT(locale);
  const vars = { store: store.name, name: params.name, minutes: 60 };
  const subject = t(`email.${kind}.subject`, vars);
  const lines = [t(`email.greeting`, vars), t(`email.${kind}.body`, vars)];
  const action = params.link ? t(`email.${kind}.action`, vars) : null;
  const footer = t("email.footer", vars);
  const html = emailFrame(locale, store, { logoUrl: store.logoUrl }).page(
    lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n"),
    params.link && action ? { label: action, link: params.link, spelled: true } : null,
    footer,
  );
  const text = [...lines, ...(params.link && action ? [`${action}: ${params.link}`] : []), "", footer].join(
    "\n\n",
  );
  return { to, subject, html, text, kind, locale, fromName: store.name };
}

export const resetPasswordEmail = (
  store: EmailStore,
  locale: Locale,
  to: string,
  name: string,
  link: string,
) => render("reset-password", store, locale, to, { name, link });

export const signInLinkEmail = (store: EmailStore, locale: Locale, to: string, name: string, link: string) =>
  render("sign-in-link", store, locale, to, { name, link });

/** To a store's admins about its own subscription (issue 12), linking to /admin/billing. */
export const billingEmail = (
  kind: "payment-failed" | "trial-ending",
  store: EmailStore,
  locale: Locale,
  to: string,
  name: string,
  link: string,
) => render(kind, store, locale, to, { name, link });

export const welcomeEmail = (store: EmailStore, locale: Locale, to: string, name: string) =>
  render("welcome", store, locale, to, { name, link: `${store.origin}/` });

/**
 * The store details an email shows. Links point at the store's canonical origin (see
 * store-origin.server.ts), never at whatever host the triggering request named.
 */
export function emailStore(
  store: Pick<TenantStore, "name" | "slug" | "customDomain" | "matchedBy" | "branding">,
): EmailStore {
  const origin = storeOrigin(store);
  const logo = store.branding.logoImageId;
  return {
    name: store.name,
    origin,
    primaryColor: store.branding.primaryColor,
    // PNG/JPEG (no Accept negotiation in mail clients that send none): the route falls back to the original format.
    logoUrl: logo ? `${origin}/resources/image?url=/images/${logo}&w=128` : null,
  };
}
