import { currencyDigits, toMajorUnits } from "~/lib/money";
import type { ProductDetail } from "./products.server";

/**
 * schema.org `Product` (offers, aggregateRating when rated) and `BreadcrumbList`, for search
 * engines. A product sold in several variants is a `ProductGroup` whose `hasVariant` are Products,
 * each with its SKU, option values, picture, address (`?variant=`) and offer.
 */
export function productJsonLd(
  product: ProductDetail,
  {
    origin,
    path,
    homeName,
    productsName,
  }: { origin: string; path: string; homeName: string; productsName: string },
): [product: Record<string, unknown>, breadcrumbs: Record<string, unknown>] {
  const url = `${origin}${path}`;
  const offer = (priceCents: number, stock: number, at: string) => ({
    "@type": "Offer",
    url: at,
    // Sale price when a sale runs: what the shopper pays now.
    price: toMajorUnits(priceCents, product.currency).toFixed(currencyDigits(product.currency)),
    priceCurrency: product.currency,
    availability: stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
  });
  const images = product.images.map((image) => `${origin}${image.src}`);
  const common = {
    "@context": "https://schema.org",
    name: product.name,
    description: product.description || undefined,
    url,
    image: images,
    color: product.colorFamily ?? product.shadeHex ?? undefined,
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
  };
  const labels = new Map(product.options.flatMap((option) => option.values.map((v) => [v.id, v.label])));
  const main =
    product.variants.length > 1
      ? {
          ...common,
          "@type": "ProductGroup",
          productGroupID: product.slug,
          // Known properties by their schema.org address, others by their name.
          variesBy: product.options.map((option) =>
            option.property ? `https://schema.org/${option.property}` : option.name,
          ),
          hasVariant: product.variants.map((variant) => {
            const at = `${url}?variant=${variant.id}`;
            const values = product.options.map((option, index) => ({
              option,
              value: labels.get(variant.valueIds[index] ?? "") ?? "",
            }));
            const own: Record<string, string> = {};
            for (const { option, value } of values) if (option.property) own[option.property] = value;
            const others = values.filter(({ option }) => !option.property);
            return {
              "@type": "Product",
              name: `${product.name} (${values.map(({ value }) => value).join(", ")})`,
              sku: variant.sku ?? undefined,
              url: at,
              image: variant.image ? `${origin}${variant.image.src}` : images[0],
              color: common.color,
              ...own,
              additionalProperty:
                others.length > 0
                  ? others.map(({ option, value }) => ({
                      "@type": "PropertyValue",
                      name: option.name,
                      value,
                    }))
                  : undefined,
              offers: offer(variant.salePriceCents, variant.stock, at),
            };
          }),
        }
      : {
          ...common,
          "@type": "Product",
          sku: product.variants[0]?.sku ?? product.slug,
          offers: offer(product.salePriceCents, product.stock, url),
        };
  return [
    main,
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

/**
 * The page's structured data as the text of its `<script type="application/ld+json">`, made on
 * the server (the browser never needs the code that builds it). "<" is escaped, so no text in
 * the data can close the script element.
 */
export function productJsonLdText(...args: Parameters<typeof productJsonLd>): string {
  const [product, { origin, path, homeName, productsName }] = args;
  // Made once per catalogue-cache entry and address, not per request (issue 19: a hundred
  // variants' offers are 45 KB of JSON). The entry's `variants` array stands for the entry:
  // getProductDetail copies only the detail's top level (to add the viewer, which the
  // structured data does not show), and a new read of the product makes a new array.
  let texts = madeFor.get(product.variants);
  if (!texts) {
    texts = new Map();
    madeFor.set(product.variants, texts);
  }
  const key = `${origin}\u0000${path}\u0000${homeName}\u0000${productsName}`;
  let text = texts.get(key);
  if (text === undefined) {
    text = JSON.stringify(productJsonLd(...args)).replace(/</g, "\\u003c");
    // A few addresses per entry (the store's host, a custom domain); bounded all the same.
    if (texts.size >= MAX_TEXTS_PER_ENTRY) texts.clear();
    texts.set(key, text);
  }
  return text;
}

const MAX_TEXTS_PER_ENTRY = 8;
const madeFor = new WeakMap<ProductDetail["variants"], Map<string, string>>();
