/**
 * What a page's HTML carries that its loader data must not: a loader puts it in
 * `context.documentOnly` (a new object per request, server.ts) and entry.server.tsx provides it
 * to the render. Loader data is serialised into the page a second time for hydration, and sent
 * again on every client navigation; the product page's structured data (100 variants' offers)
 * is for crawlers reading the HTML only, so it goes this way and is sent once. In the browser
 * the context is empty: a component keeps the server's markup (see ProductJsonLd).
 */
import { createContext, useContext } from "react";

export interface DocumentOnly {
  /** The product page's JSON-LD (services/catalog/product-json-ld.server.ts). */
  productJsonLd?: string;
}

export const DocumentOnlyContext = createContext<DocumentOnly>({});

export function useDocumentOnly(): DocumentOnly {
  return useContext(DocumentOnlyContext);
}
