/**
 * Rate limits the routes declare besides AUTH_RATE_LIMIT (10 a minute per client). Kept together so
 * the policy can be read in one place.
 */
import type { RateLimitRule } from "~/services/security/rate-limit.server";

/** Mails to one recipient (sign-in links, reset links): 5 per 15 minutes, whoever asks. */
export const MAIL_RECIPIENT_RATE_LIMIT: RateLimitRule = { limit: 5, windowMs: 15 * 60_000 };

/** Current-password checks on /profile/password: 10 per 15 minutes per account (and per client). */
export const PASSWORD_CHECK_RATE_LIMIT: RateLimitRule = { limit: 10, windowMs: 15 * 60_000 };

/** Profile saves (each may carry a photo of up to 5 MB to check and store): 20 per 10 minutes. */
export const UPLOAD_RATE_LIMIT: RateLimitRule = { limit: 20, windowMs: 10 * 60_000 };

/**
 * Product image uploads (each POST may carry several images, each decoded and stored): 60 posts per
 * 10 minutes per admin, more than the profile's, since a catalogue is built a product at a time.
 */
export const PRODUCT_IMAGE_RATE_LIMIT: RateLimitRule = { limit: 60, windowMs: 10 * 60_000 };

/**
 * Discount codes tried on the cart or checkout (issue 20): 30 per 10 minutes per shopper, plenty
 * for a person retyping a code, too few to guess a store's codes.
 */
export const DISCOUNT_CODE_RATE_LIMIT: RateLimitRule = { limit: 30, windowMs: 10 * 60_000 };
