/**
 * Whether a review's text carries a link: a scheme (http://, https://, or any `x://`), `www.`,
 * or a bare domain with a common top-level domain ("cheap-dyes.shop"). Such reviews are always
 * held for the store's approval (decision 024): links are how review spam advertises, and a
 * held review costs an honest shopper only a short wait.
 */
const SCHEME = /[a-z][a-z0-9+.-]*:\/\//i;
const WWW = /(^|[^\p{L}\p{N}])www\./iu;
const BARE_DOMAIN =
  /(^|[^\p{L}\p{N}@.-])[\p{L}\p{N}][\p{L}\p{N}-]*(\.[\p{L}\p{N}-]+)*\.(com|net|org|info|biz|io|co|me|app|shop|store|online|site|xyz|top|ly|gl|link|click|ru|cn|uk|de|ae|sa|eg)(?![\p{L}\p{N}-])/iu;

export function containsLink(...texts: string[]): boolean {
  return texts.some((text) => SCHEME.test(text) || WWW.test(text) || BARE_DOMAIN.test(text));
}
