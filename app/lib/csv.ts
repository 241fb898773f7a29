/**
 * CSV as RFC 4180 writes it, and as spreadsheets export it: fields separated by commas, quoted
 * with double quotes when they hold a comma, quote or line break (a quote doubled inside), rows
 * ended by CRLF or LF, an optional UTF-8 byte order mark first (Excel writes one, and needs one
 * to read UTF-8 Arabic). No dependency: the format is this small, and node_modules had no parser.
 *
 * Cells a spreadsheet would run as a formula (=, +, -, @ first) are written with a leading
 * apostrophe, which spreadsheets hide (OWASP "CSV injection"); reading takes it off again, so an
 * exported file imports unchanged.
 */

export class CsvError extends Error {
  constructor(
    readonly key: string,
    readonly line: number,
  ) {
    super(`${key} at line ${line}`);
  }
}

const BOM = "\ufeff";
const FORMULA_START = /^[=+\-@\t\r]/;

/** The rows of a CSV text; throws CsvError for a quote left open or text after a closing quote. */
export function parseCsv(input: string): string[][] {
  const text = input.startsWith(BOM) ? input.slice(1) : input;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let i = 0;
  const endField = () => {
    row.push(field);
    field = "";
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
  };
  while (i < text.length) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        const next = text[i];
        if (next !== undefined && next !== "," && next !== "\n" && next !== "\r")
          throw new CsvError("textAfterQuote", line);
        continue;
      }
      if (char === "\n") line += 1;
      field += char;
      i += 1;
      continue;
    }
    if (char === '"' && field === "") {
      quoted = true;
      i += 1;
    } else if (char === ",") {
      endField();
      i += 1;
    } else if (char === "\r" || char === "\n") {
      endRow();
      line += 1;
      i += char === "\r" && text[i + 1] === "\n" ? 2 : 1;
    } else {
      field += char;
      i += 1;
    }
  }
  if (quoted) throw new CsvError("unclosedQuote", line);
  // The last row, unless the text ended with its line break.
  if (field !== "" || row.length > 0) endRow();
  // Blank lines (a trailing empty line in particular) are not rows.
  return rows.filter((cells) => cells.length > 1 || cells[0] !== "").map(unguardRow);
}

function unguardRow(cells: string[]): string[] {
  return cells.map((cell) =>
    cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell,
  );
}

function cellText(value: string | number | boolean | null): string {
  const text = value === null ? "" : String(value);
  const guarded = typeof value === "string" && FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/** A CSV text with a byte order mark and CRLF line ends, as spreadsheets open it. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number | boolean | null>>): string {
  return BOM + rows.map((row) => row.map(cellText).join(",")).join("\r\n") + "\r\n";
}
