/**
 * The frame of the store's HTML emails about orders (the shopper's order emails, the admins'
 * new-order alerts): the store's name on its colour, the reading direction of the email's
 * language, and the call to action and footer under the content.
 */
import { localeDir, type Locale } from "~/lib/i18n";

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

export interface EmailFrame {
  /** The text alignment of the reading direction's start and end, for table cells. */
  start: "left" | "right";
  end: "left" | "right";
  /** The page around `content` (HTML), with the action button and footer under it. */
  page(content: string, action: { label: string; link: string }, footer: string): string;
}

export function emailFrame(locale: Locale, store: { name: string; primaryColor: string }): EmailFrame {
  const dir = localeDir(locale);
  const start = dir === "rtl" ? "right" : "left";
  const end = dir === "rtl" ? "left" : "right";
  const color = /^#[0-9a-f]{6}$/i.test(store.primaryColor) ? store.primaryColor : "#242F51";
  return {
    start,
    end,
    page: (
      content,
      action,
      footer,
    ) => `<!doctype html><html lang="${locale}" dir="${dir}"><body style="margin:0;background:#f4f5f7;font-family:Nunito,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:8px;overflow:hidden;text-align:${start}">
<tr><td style="background:${color};color:#ffffff;padding:20px;text-align:center"><strong style="font-size:20px">${escapeHtml(store.name)}</strong></td></tr>
<tr><td style="padding:24px;color:#1f2430;font-size:16px;line-height:1.5">
${content}
<p style="text-align:center;margin:28px 0"><a href="${escapeHtml(action.link)}" style="background:${color};color:#ffffff;padding:12px 24px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(footer)}</p>
</td></tr></table></td></tr></table></body></html>`,
  };
}
