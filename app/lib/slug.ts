/**
 * Slugs: a record's address on the storefront (/products/red-and-gold, /categories/hair-dyes).
 * Kept apart from the validation schemas so a form can show its suggestion as the owner types
 * without loading zod.
 */
export const MAX_SLUG = 120;
/** Lower-case letters and digits in words joined by single hyphens ("hair-dyes"). */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * "Red & Gold Dye" → "red-and-gold-dye", "Crème" → "creme": a suggestion the owner can change.
 * Leaves room under MAX_SLUG for a "-2" style suffix when the slug is taken.
 */
export function suggestSlug(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_SLUG - 8)
    .replace(/-+$/, "");
}
