/**
 * A signed-in page rendered once for every viewer of the same shape (decision 031). The page
 * cache renders it from an anonymous request (no session cookie reaches Remix) with this in the
 * load context: the viewer's booleans are real (they change the page's markup), the viewer's
 * words and numbers are marked tokens, which the cache replaces per request with the values of
 * the viewer who asked. The loaders that show personal parts read them from here instead of the
 * session; any other read of the session during such a render throws (guards.server.ts), so a
 * page that grows a personal part nobody taught the template fails into a full render instead
 * of showing one viewer's part to another.
 */
import type { AppLoadContext } from "@remix-run/node";

export interface PageTemplate {
  viewer: {
    /** Tokens: the name, its initial (the avatar), the email (the contact form). */
    name: string;
    initial: string;
    email: string;
    isAdmin: boolean;
    /** A token, or null for a viewer without a photo. */
    imageId: string | null;
  };
  /** A numeric token, or 0 for an empty cart. */
  cartCount: number;
  /** The product page's viewer state: the quantity a numeric token, or 0; never an own review. */
  product: { inWishlist: boolean; cartQuantity: number } | null;
}

export function pageTemplateOf(context: AppLoadContext): PageTemplate | undefined {
  return context.pageTemplate;
}
