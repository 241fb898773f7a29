import { useOptionalRootData } from "./root-data";

/**
 * The store's time zone (an IANA name) for formatting in components; UTC off a store. Its own
 * module: only admin pages format in the browser, so the storefront's start-up JavaScript
 * (decision 028's budget) does not carry it.
 */
export function useStoreTimeZone(): string {
  const site = useOptionalRootData()?.site;
  return site?.kind === "store" ? site.timeZone : "UTC";
}
