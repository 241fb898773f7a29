/**
 * The account emails (reset link, sign-in link, welcome) in the shopper's locale, dressed in the
 * store's name, logo and colours. Texts come from the locale files under `email.*`.
 */
import "~/lib/i18n.server";
import { getT, localeDir, type Locale } from "~/lib/i18n";
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

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

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
  const dir = localeDir(locale);
  const color = /^#[0-9a-f]{6}$/i.test(store.primaryColor) ? store.primaryColor : "#242F51";
  const logo = store.logoUrl
    ? `<img src="${escapeHtml(store.logoUrl)}" alt="${escapeHtml(store.name)}" height="40" style="display:block;margin:0 auto 8px">`
    : "";
  const html = `<!doctype html><html lang="${locale}" dir="${dir}"><body style="margin:0;background:#f4f5f7;font-family:Nunito,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:8px;overflow:hidden;text-align:${dir === "rtl" ? "right" : "left"}">
<tr><td style="background:${color};color:#ffffff;padding:20px;text-align:center">${logo}<strong style="font-size:20px">${escapeHtml(store.name)}</strong></td></tr>
<tr><td style="padding:24px;color:#1f2430;font-size:16px;line-height:1.5">
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n")}
${params.link && action ? `<p style="text-align:center;margin:28px 0"><a href="${escapeHtml(params.link)}" style="background:${color};color:#ffffff;padding:12px 24px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(action)}</a></p><p style="font-size:13px;color:#555;word-break:break-all">${escapeHtml(params.link)}</p>` : ""}
<p style="font-size:13px;color:#555">${escapeHtml(footer)}</p>
</td></tr></table></td></tr></table></body></html>`;
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
