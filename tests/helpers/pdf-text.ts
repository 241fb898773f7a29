/**
 * What a PDF says, read with pdfjs (its legacy build runs in Node): each page's text items (string
 * and x position, as a copy-and-paste or a screen reader gets them) and the glyphs each text
 * operator draws, left to right, with the character code and the Unicode the font maps it to.
 */
import { getDocument, OPS } from "pdfjs-dist/legacy/build/pdf.mjs";

export interface PdfGlyphRun {
  /** Unicode of each glyph in drawing (visual, left-to-right) order. */
  unicode: string[];
  /** The font's character code of each glyph (one per distinct glyph in the embedded subset). */
  codes: number[];
}

export interface PdfRead {
  pages: number;
  /** Text items of every page: the string pdfjs extracts and its x on the page. */
  items: { str: string; x: number; y: number; dir: string }[];
  /** Every text item's string, joined by spaces, every page. */
  text: string;
  runs: PdfGlyphRun[];
}

export async function readPdf(bytes: Uint8Array): Promise<PdfRead> {
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    disableFontFace: true,
    isEvalSupported: false,
  }).promise;
  const items: PdfRead["items"] = [];
  const runs: PdfGlyphRun[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    for (const item of content.items) {
      if ("str" in item && item.str.trim()) {
        items.push({
          str: item.str,
          x: item.transform[4] as number,
          y: item.transform[5] as number,
          dir: item.dir,
        });
      }
    }
    const operators = await page.getOperatorList();
    operators.fnArray.forEach((fn, index) => {
      if (fn !== OPS.showText) return;
      const glyphs = (operators.argsArray[index] as [unknown[]])[0].filter(
        (glyph): glyph is { unicode: string; originalCharCode: number } =>
          typeof glyph === "object" && glyph !== null && "unicode" in glyph,
      );
      runs.push({ unicode: glyphs.map((g) => g.unicode), codes: glyphs.map((g) => g.originalCharCode) });
    });
  }
  await pdf.destroy();
  return { pages: pdf.numPages, items, text: items.map((item) => item.str).join(" "), runs };
}
