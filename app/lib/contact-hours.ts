import type { TFunction } from "i18next";

/** SPEC §9's opening hours, the default of every store's contact details. */
export const DEFAULT_CONTACT_HOURS = "Mon-Fri 8am to 5pm";

/** The untouched default is ours to translate; anything the owner typed is shown as typed. */
export function contactHoursText(hours: string, t: TFunction): string {
  return hours.trim() === DEFAULT_CONTACT_HOURS ? t("footer.defaultHours") : hours;
}
