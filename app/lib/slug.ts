/**
 * Slugs: a record's address on the storefront (/categories/hair-dyes). Kept apart from the
 * validation schemas so a page can suggest one as the owner types without loading zod.
 */
export const MAX_SLUG = 80;
/** Lower-case letters and digits in words joined by single hyphens ("hair-dyes"). */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** "Hair Dyes & Colours" → "hair-dyes-colours": a suggestion the owner can change. */
export function suggestSlug(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_SLUG)
    .replace(/-+$/, "");
}
