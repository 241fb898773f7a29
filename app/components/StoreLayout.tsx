import type { ReactNode } from "react";
import type { Shell, Site } from "~/lib/shell";
import { OrganizationJsonLd } from "./OrganizationJsonLd";
import { MAIN_ID, SkipLink } from "./SkipLink";
import { StoreFooter } from "./StoreFooter";
import { StoreHeader } from "./StoreHeader";

/** The storefront frame: skip link, header, main landmark, footer. */
export function StoreLayout({
  shell,
  site,
  children,
}: {
  shell: Shell;
  site: Extract<Site, { kind: "store" }>;
  children: ReactNode;
}) {
  return (
    <>
      <SkipLink />
      <StoreHeader shell={shell} storeName={site.name} logoImageId={site.logoImageId} />
      <main id={MAIN_ID} tabIndex={-1} className="grow focus:outline-none">
        {children}
      </main>
      <StoreFooter site={site} />
      <OrganizationJsonLd site={site} origin={shell.origin} />
    </>
  );
}
