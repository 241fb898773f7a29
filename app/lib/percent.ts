/** A rate in basis points as people read it in `locale`: 1500 → "15%", 525 → "5.25%" (Latin digits, as prices are). */
export function formatRate(basisPoints: number, locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: "percent",
    maximumFractionDigits: 2,
    numberingSystem: "latn",
  }).format(basisPoints / 10_000);
}
