import { useRootData } from "~/lib/root-data";

/** Dates on staff pages: day precision in the reader's language, Latin digits, "—" for none. */
export function useShortDate() {
  const { locale } = useRootData().shell;
  const format = new Intl.DateTimeFormat(locale, {
    dateStyle: "medium",
    numberingSystem: "latn",
    timeZone: "UTC",
  });
  return (iso: string | null) => (iso ? format.format(new Date(iso)) : "—");
}
