/** The product page's structured data, made by the loader (see product-json-ld.server.ts). */
export function ProductJsonLd({ json }: { json: string }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
