import type { RateLimitRule } from "~/services/security/rate-limit.server";

/**
 * Checkout submits (saving the address, placing the order) per client address and per shopper,
 * counted in PostgreSQL so every instance shares them (DESIGN §8). Generous for a person, who
 * places a handful of orders a minute at most; tight for a script.
 */
export const CHECKOUT_RATE_LIMIT: RateLimitRule = { limit: 30, windowMs: 60_000 };
