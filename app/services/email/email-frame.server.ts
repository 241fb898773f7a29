/**
 * The frame of the store's HTML emails (order emails, new-order alerts, account and billing
 * emails, held-review alerts): the store's name (and logo, when the email shows it) on its colour,
 * the reading direction of the email's language, and the call to action and footer under the
 * content.
 */
import { localeDir, type Locale } from "~/lib/i18n";

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

export interface EmailAction {
  label: string;
  link: string;
  /** Also print the link under the button, for mail clients that hide buttons (account emails). */
  spelled?: boolean;
}

export interface EmailFrame {
  /** The text alignment of the reading direction's start and end, for table cells. */
  start: "left" | "right";
  end: "left" | "right";
  /** The store's colour (its primary colour when valid), for accents inside the content. */
  color: string;
  /** The page around `content` (HTML), with the action button and footer (when given) under it. */
  page(content: string, action: EmailAction | null, footer: string | null): string;
}

/** `logoUrl`: the store's logo above its name in the header; none when absent. */
export function emailFrame(
  locale: Locale,
  store: { name: string; primaryColor: string },
  options: { logoUrl?: string | null } = {},
): EmailFrame {
  const dir = localeDir(locale);
  const start = dir === "rtl" ? "right" : "left";
  const end = dir === "rtl" ? "left" : "right";
  const color = /^#[0-9a-f]{6}$/i.test(store.primaryColor) ? store.primaryColor : "#242F51";
  const logo = options.logoUrl
    ? `<img src="${escapeHtml(options.logoUrl)}" alt="${escapeHtml(store.name)}" height="40" style="display:block;margin:0 auto 8px">`
    : "";
  const button = (action: EmailAction) =>
    `<p style="text-align:center;margin:28px 0"><a href="${escapeHtml(action.link)}" style="background:${color};color:#ffffff;padding:12px 24px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(action.label)}</a></p>${action.spelled ? `<p style="font-size:13px;color:#555;word-break:break-all">${escapeHtml(action.link)}</p>` : ""}\n`;
  return {
    start,
    end,
    color,
    page: (
      content,
      action,
      footer,
    ) => `<!doctype html><html lang="${locale}" dir="${dir}"><body style="margin:0;background:#f4f5f7;font-family:Nunito,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:8px;overflow:hidden;text-align:${start}">
<tr><td style="background:${color};color:#ffffff;padding:20px;text-align:center">${logo}<strong style="font-size:20px">${escapeHtml(store.name)}</strong></td></tr>
<tr><td style="padding:24px;color:#1f2430;font-size:16px;line-height:1.5">
${content}
${action ? button(action) : ""}${footer === null ? "" : `<p style="font-size:13px;color:#555">${escapeHtml(footer)}</p>\n`}</td></tr></table></td></tr></table></body></html>`,
  };
}
