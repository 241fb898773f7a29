/**
 * The "applies to" choice of a sale and of a discount code: the whole store, categories (with
 * their sub categories) or chosen products. The product picker's "Search products" button sends
 * the whole form as a GET with this intent, so it works without JavaScript.
 */
export const APPLIES_TO_SCOPES = ["store", "categories", "products"] as const;
export const SEARCH_PRODUCTS = "search-products";
