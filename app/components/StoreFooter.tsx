import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/lib/use-translation";
import { isolate } from "~/lib/bidi";
import { contactHoursText } from "~/lib/contact-hours";
import type { Site } from "~/lib/shell";

type StoreSite = Extract<Site, { kind: "store" }>;

/** Footer: the store's contact details and footer text from its settings. */
export function StoreFooter({ site }: { site: StoreSite }) {
  const { t } = useTranslation();
  const { contact, footerText } = site.settings;
  // Saved through a form that accepts https addresses only; checked again as it becomes a link.
  const social = site.settings.socialLinks.filter((link) => /^https:\/\//i.test(link.url));
  const hours = contactHoursText(contact.hours, t);
  const rows: { label: string; value: ReactNode }[] = [];
  if (contact.email) {
    rows.push({
      label: t("footer.email"),
      value: (
        <a href={`mailto:${contact.email}`} className="underline underline-offset-4" dir="ltr">
          {contact.email}
        </a>
      ),
    });
  }
  if (contact.phone) {
    rows.push({
      label: t("footer.phone"),
      value: (
        <a
          href={`tel:${contact.phone.replace(/[^\d+]/g, "")}`}
          className="underline underline-offset-4"
          dir="ltr"
        >
          {contact.phone}
        </a>
      ),
    });
  }
  if (contact.address) rows.push({ label: t("footer.address"), value: contact.address });
  if (hours) rows.push({ label: t("footer.hours"), value: hours });

  return (
    <footer className="mt-auto bg-secondary text-on-secondary">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-2">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="text-lg font-extrabold">
            {t("footer.contactHeading")}
          </h2>
          <dl className="mt-3 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2">
            {rows.map((row) => (
              <div key={row.label} className="contents">
                <dt className="font-bold">{row.label}</dt>
                <dd>{row.value}</dd>
              </div>
            ))}
          </dl>
        </section>
        <div className="flex flex-col gap-4 md:items-end">
          <nav aria-label={t("footer.links")}>
            <ul className="flex flex-wrap gap-x-4 gap-y-1">
              {(["about", "contact", "terms", "privacy"] as const).map((page) => (
                <li key={page}>
                  <Link
                    to={`/${page}`}
                    className="inline-flex min-h-11 items-center font-bold underline underline-offset-4 hover:no-underline"
                  >
                    {t(`footer.${page}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {social.length > 0 ? (
            <nav aria-label={t("footer.follow")}>
              <ul className="flex flex-wrap gap-x-4 gap-y-1">
                {social.map((link) => (
                  <li key={link.network}>
                    <a
                      href={link.url}
                      rel="me noopener noreferrer"
                      className="inline-flex min-h-11 items-center underline underline-offset-4 hover:no-underline"
                    >
                      {t(`footer.networks.${link.network}`, { defaultValue: link.network })}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          {footerText ? <p className="whitespace-pre-line md:text-end">{footerText}</p> : null}
        </div>
      </div>
      <div className="border-t border-current/25">
        <p className="mx-auto max-w-6xl px-4 py-4 text-sm">
          {t("footer.copyright", { year: site.year, store: isolate(site.name) })}
        </p>
      </div>
    </footer>
  );
}
