import type { MetaDescriptor } from "@remix-run/node";

/**
 * A page's largest paint is often an image far down the HTML, after the header, whose request
 * would queue behind the stylesheet and the page's scripts. A `<link rel="preload">` in <head>
 * with the same srcset and sizes as the <img> (so the browser picks the same variant) asks for
 * it first. A route's `meta` returns it, as it has the loader's data.
 */
export function imagePreload(image: { href: string; srcSet: string; sizes: string }): MetaDescriptor {
  return {
    tagName: "link",
    rel: "preload",
    as: "image",
    href: image.href,
    imageSrcSet: image.srcSet,
    imageSizes: image.sizes,
    fetchpriority: "high",
  };
}
