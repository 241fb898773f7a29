/**
 * The store domain's contract with the pages (issue 40): view types its loaders answer and its
 * components render, with no server code, so components never import a `.server` module.
 */

/** A category or product the home page form offers, in the admin's language. */
export interface FeaturedChoice {
  id: string;
  nameEn: string;
  nameAr: string;
}
