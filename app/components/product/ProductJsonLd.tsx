import { useDocumentOnly } from "~/lib/document-only";

/**
 * The product page's structured data, made by the loader (product-json-ld.server.ts) for the
 * HTML only (lib/document-only.ts). Hydration keeps the server's script as it is (React does not
 * rewrite inner HTML while hydrating); a page reached by client navigation has it empty, which no
 * crawler reads.
 */
export function ProductJsonLd() {
  const { productJsonLd } = useDocumentOnly();
  return (
    <script
      type="application/ld+json"
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: productJsonLd ?? "" }}
    />
  );
}
