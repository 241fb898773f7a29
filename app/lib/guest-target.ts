/**
 * Where "Continue As Guest" on the sign-in page goes: the page that sent the shopper to sign in
 * when a guest may see it, else the store's home. The pages below need a signed-in shopper (their
 * loaders are shopperLoader/adminLoader), so a guest sent back to one would land on sign-in again.
 */
const SIGNED_IN_ONLY = /^\/(cart|checkout|wishlist|orders|profile|admin)(?=[/?#]|$)/;

export function guestTarget(redirectTo: string): string {
  if (!redirectTo || SIGNED_IN_ONLY.test(redirectTo)) return "/";
  return redirectTo;
}
