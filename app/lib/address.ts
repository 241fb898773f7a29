import type { Locale } from "~/lib/i18n";

/**
 * A delivery address on one line, its parts joined the way the language writes a list: Arabic
 * uses its own comma "،" (U+060C), not the Latin one. The zip code and city stay together.
 */
export const ADDRESS_SEPARATOR: Record<Locale, string> = { en: ", ", ar: "، " };

export interface AddressLine {
  fullName: string;
  streetAddress: string;
  zipCode: string;
  city: string;
}

export function addressParts(address: AddressLine): string[] {
  return [address.fullName, address.streetAddress, `${address.zipCode} ${address.city}`];
}

export function joinAddress(address: AddressLine, locale: Locale): string {
  return addressParts(address).join(ADDRESS_SEPARATOR[locale]);
}
