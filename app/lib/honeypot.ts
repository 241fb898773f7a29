/** The hidden field bots fill in. Its name reads like a real field on purpose. */
export const HONEYPOT_FIELD = "website";
