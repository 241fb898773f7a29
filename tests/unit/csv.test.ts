/** The CSV reader and writer (app/lib/csv.ts) and the price conversions the import relies on. */
import { describe, expect, it } from "vitest";
import { CsvError, parseCsv, toCsv } from "~/lib/csv";
import { majorToMinor, minorToMajor, suggestSlug } from "~/lib/validation/products-admin";

describe("parseCsv", () => {
  it("reads quoted commas, doubled quotes and line breaks inside quotes", () => {
    expect(parseCsv('a,"b, c","say ""hi""","two\nlines"\n')).toEqual([
      ["a", "b, c", 'say "hi"', "two\nlines"],
    ]);
  });

  it("takes CRLF, LF and CR line ends, a BOM, and skips blank lines", () => {
    expect(parseCsv("\ufeffh1,h2\r\n1,2\r\n\r\n3,4\r5,6")).toEqual([
      ["h1", "h2"],
      ["1", "2"],
      ["3", "4"],
      ["5", "6"],
    ]);
  });

  it("keeps empty fields, Arabic text and a last row without a line end", () => {
    expect(parseCsv("x,,\nصبغة حمراء,,z")).toEqual([
      ["x", "", ""],
      ["صبغة حمراء", "", "z"],
    ]);
  });

  it("refuses a quote left open and text after a closing quote, naming the line", () => {
    expect(() => parseCsv('a\n"open,b\nc')).toThrow(CsvError);
    try {
      parseCsv('a\nb\n"x"y,1');
    } catch (error) {
      expect(error).toMatchObject({ key: "textAfterQuote", line: 3 });
    }
  });
});

describe("toCsv", () => {
  it("quotes what needs it, guards formulas, and reads back unchanged", () => {
    const rows = [
      ["slug", "name", "note"],
      ["a-b", 'He said "hi", then left', '=HYPERLINK("x")'],
      ["c", "سطر\nثان", "-5 @x +1"],
    ];
    const text = toCsv(rows);
    expect(text.startsWith("\ufeffslug,name,note\r\n")).toBe(true);
    expect(text).toContain(`"'=HYPERLINK(""x"")"`);
    expect(text).toContain("'-5 @x +1");
    expect(parseCsv(text)).toEqual(rows);
  });
});

describe("prices and slugs", () => {
  it("converts major units to minor and back without floating point", () => {
    expect(majorToMinor("12.5", 2)).toBe(1250);
    expect(majorToMinor("0.07", 2)).toBe(7);
    expect(majorToMinor("19.99", 2)).toBe(1999);
    expect(majorToMinor("1500", 0)).toBe(1500);
    expect(majorToMinor("1.234", 3)).toBe(1234);
    expect(minorToMajor(1999, 2)).toBe("19.99");
    expect(minorToMajor(7, 2)).toBe("0.07");
    expect(minorToMajor(1500, 0)).toBe("1500");
  });

  it("suggests a slug from an English name", () => {
    expect(suggestSlug("Red & Gold  Dye!")).toBe("red-and-gold-dye");
    expect(suggestSlug("صبغة")).toBe("");
  });
});
