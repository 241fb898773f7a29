import type { Site } from "~/lib/shell";

type StoreSite = Extract<Site, { kind: "store" }>;

/** schema.org Organization for the store, so search engines know whose shop this is. */
export function OrganizationJsonLd({ site, origin }: { site: StoreSite; origin: string }) {
  const { contact } = site.settings;
  const data = {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: site.name,
    url: `${origin}/`,
    ...(site.logoImageId ? { logo: `${origin}/resources/image?url=/images/${site.logoImageId}&w=256` } : {}),
    ...(contact.email || contact.phone
      ? {
          contactPoint: {
            "@type": "ContactPoint",
            contactType: "customer service",
            ...(contact.email ? { email: contact.email } : {}),
            ...(contact.phone ? { telephone: contact.phone } : {}),
          },
        }
      : {}),
  };
  // JSON in a script element: "<" is escaped so no text can close the element early.
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
