/** Product slugs: short, lower-case Latin letters, digits and single hyphens (the product's URL). */
export const MAX_SLUG = 120;

/**
 * The slug a product gets from its English name when none is typed: "Red & Gold" → "red-and-gold".
 * Its own module (no zod), so the form can show the suggestion as the name is typed.
 */
export function suggestSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_SLUG - 8)
    .replace(/-+$/, "");
}
