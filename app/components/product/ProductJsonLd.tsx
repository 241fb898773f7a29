import { currencyDigits, toMajorUnits } from "~/lib/money";
import type { ProductDetail } from "~/services/catalog/products.server";

/** schema.org `Product` (offers, aggregateRating when rated) and `BreadcrumbList`, for search engines. */
export function productJsonLd(
  product: ProductDetail,
  {
    origin,
    path,
    homeName,
    productsName,
  }: { origin: string; path: string; homeName: string; productsName: string },
) {
  const url = `${origin}${path}`;
  const availability = product.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock";
  return [
    {
      "@context": "https://schema.org",
      "@type": "Product",
      name: product.name,
      description: product.description || undefined,
      sku: product.slug,
      url,
      image: product.images.map((image) => `${origin}${image.src}`),
      color: product.colorFamily ?? product.shadeHex ?? undefined,
      offers: {
        "@type": "Offer",
        url,
        // Sale price when a sale runs: what the shopper pays now.
        price: toMajorUnits(product.salePriceCents, product.currency).toFixed(
          currencyDigits(product.currency),
        ),
        priceCurrency: product.currency,
        availability,
      },
      aggregateRating:
        product.summary.average !== null
          ? {
              "@type": "AggregateRating",
              ratingValue: product.summary.average,
              reviewCount: product.summary.count,
              bestRating: 5,
              worstRating: 1,
            }
          : undefined,
    },
    {
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: homeName, item: `${origin}/` },
        { "@type": "ListItem", position: 2, name: productsName, item: `${origin}/products` },
        { "@type": "ListItem", position: 3, name: product.name, item: url },
      ],
    },
  ];
}

export function ProductJsonLd(props: {
  product: ProductDetail;
  origin: string;
  path: string;
  homeName: string;
  productsName: string;
}) {
  const { product, ...rest } = props;
  // "<" escaped so no text in the data can close the script element.
  const json = JSON.stringify(productJsonLd(product, rest)).replace(/</g, "\\u003c");
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
