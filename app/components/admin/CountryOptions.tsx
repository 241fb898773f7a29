/** The `<option>`s of a country select: each country's code as the value, its name (in the page's language) as the text. */
export function CountryOptions({ countries }: { countries: { code: string; name: string }[] }) {
  return (
    <>
      {countries.map((option) => (
        <option key={option.code} value={option.code}>
          {option.name}
        </option>
      ))}
    </>
  );
}
