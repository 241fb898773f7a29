import type { MetaDescriptor } from "@remix-run/node";
import { imagePreload } from "./image-preload";

/** Widths the image route serves (IMAGE_WIDTHS) that suit a card from phone to desktop. */
const CARD_WIDTHS = [256, 384, 480, 640] as const;

/**
 * The image's rendered width in ProductGrid: 2 columns on phones, 3 from 768 px, 4 from 1024 px
 * and at most 72rem, less the page's padding (2rem), the grid's gaps (1rem each) and the card's
 * own padding (1.5rem). Telling the browser more than that makes a phone fetch a bigger variant.
 */
export const CARD_SIZES =
  "(min-width: 1152px) 244px, (min-width: 1024px) calc(25vw - 44px), (min-width: 768px) calc(33.3vw - 45px), calc(50vw - 48px)";

export function cardImageUrl(imageId: string, width: number): string {
  return `/resources/image?url=/images/${imageId}&w=${width}&q=75`;
}

export function cardSrcSet(imageId: string): string {
  return CARD_WIDTHS.map((w) => `${cardImageUrl(imageId, w)} ${w}w`).join(", ");
}

/** A listing's first card image is its largest paint on phones: preloaded from <head>. */
export function cardImagePreload(imageId: string | null | undefined): MetaDescriptor[] {
  if (!imageId) return [];
  return [imagePreload({ href: cardImageUrl(imageId, 384), srcSet: cardSrcSet(imageId), sizes: CARD_SIZES })];
}
