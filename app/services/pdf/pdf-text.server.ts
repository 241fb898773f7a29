/**
 * Text on a pdfkit page in either direction (decision 049): one font with Arabic and Latin glyphs
 * (IBM Plex Sans Arabic, OFL-1.1, its TTF files from npm), lines cut into visual pieces
 * (visual-order.server.ts), each piece shaped by pdfkit/fontkit and placed by its measured width.
 * A line with right-to-left letters is wrapped in a `/Span <</ActualText (…)>>` marked content, so
 * a reader that honours ActualText (Acrobat, copy and paste) gets the logical text back.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import {
  firstStrongDirection,
  hasRtl,
  readingText,
  visualPieces,
  type Direction,
} from "./visual-order.server";

const FONT_PACKAGE = "@expo-google-fonts/ibm-plex-sans-arabic";

/**
 * A font file of the package, from the project's node_modules: the app runs from the project's
 * root, as server.ts finds its build (`path.resolve("build/server/index.js")`). Not
 * `import.meta.resolve`: Vite's module runner (dev server, the route matrix) throws on it and
 * vitest leaves it out.
 */
function fontPath(file: string): string {
  return path.resolve("node_modules", FONT_PACKAGE, file);
}

/** The two weights, read once per process (226 KB and 236 KB; pdfkit embeds only the glyphs used). */
let fonts: { regular: Buffer; bold: Buffer } | null = null;
function fontFiles() {
  fonts ??= {
    regular: readFileSync(fontPath("400Regular/IBMPlexSansArabic_400Regular.ttf")),
    bold: readFileSync(fontPath("700Bold/IBMPlexSansArabic_700Bold.ttf")),
  };
  return fonts;
}

export type Weight = "regular" | "bold";
export type Align = "start" | "end" | "center";

/** Writes lines of text in one paragraph direction: `start` is the left in English, the right in Arabic. */
export class PdfText {
  constructor(
    readonly doc: PDFKit.PDFDocument,
    readonly dir: Direction,
  ) {
    const files = fontFiles();
    doc.registerFont("regular", files.regular);
    doc.registerFont("bold", files.bold);
  }

  /** The embedded fonts drawn with, for `finish`. */
  private readonly used = new Set<{ unicode: (number[] | undefined)[] }>();

  use(weight: Weight, size: number) {
    this.doc.font(weight).fontSize(size);
    // pdfkit's current font object (not typed): its `unicode` table becomes the ToUnicode CMap.
    this.used.add((this.doc as unknown as { _font: { unicode: (number[] | undefined)[] } })._font);
    return this;
  }

  /**
   * Before `doc.end()`: a ligature of right-to-left letters (lam-alef, and the font's other
   * Arabic ligatures) maps in the ToUnicode CMap to its letters in VISUAL order, as the content
   * stream draws them. pdfkit maps every glyph to its letters in typing order, which is right for
   * one letter a glyph; but a text extractor turns a right-to-left run back by reversing the
   * characters of the whole run, which would turn "لا" inside a ligature into "ال" (tested:
   * pdfjs then reads "الإصدار" as "اإلصدار").
   */
  finish() {
    for (const font of this.used) {
      font.unicode.forEach((codePoints, gid) => {
        if (codePoints && codePoints.length > 1 && hasRtl(String.fromCodePoint(...codePoints))) {
          font.unicode[gid] = [...codePoints].reverse();
        }
      });
    }
  }

  /** The width of a line as drawn (shaped glyphs, so an Arabic word measures as it prints). */
  width(line: string, isolate = false): number {
    return visualPieces(line, this.baseOf(line, isolate)).reduce(
      (sum, piece) => sum + this.pieceWidth(piece.text),
      0,
    );
  }

  /** An isolated text (a name, an address: HTML's `<bdi>`) takes its own first strong direction. */
  private baseOf(text: string, isolate: boolean): Direction {
    return isolate ? firstStrongDirection(text, this.dir) : this.dir;
  }

  private pieceWidth(text: string): number {
    return this.doc.widthOfString(text);
  }

  /**
   * One line inside the box [x, x + width) at baseline-top y, aligned to the paragraph's start,
   * end or centre. `x` is measured from the page's left whatever the direction.
   */
  line(text: string, x: number, y: number, width: number, align: Align = "start", isolate = false) {
    const pieces = visualPieces(text, this.baseOf(text, isolate));
    const widths = pieces.map((piece) => this.pieceWidth(piece.text));
    const total = widths.reduce((sum, w) => sum + w, 0);
    const left = (align === "start") === (this.dir === "ltr");
    let cursor = align === "center" ? x + (width - total) / 2 : left ? x : x + width - total;
    const marked = hasRtl(text);
    if (marked) this.doc.markContent("Span", { actual: readingText(text) });
    pieces.forEach((piece, index) => {
      if (!piece.space) this.doc.text(piece.text, cursor, y, { lineBreak: false });
      cursor += widths[index]!;
    });
    if (marked) this.doc.endMarkedContent();
  }

  /**
   * The text wrapped into lines no wider than `width` (at spaces, in logical order, so a long
   * Arabic product name keeps its words in reading order from one line to the next). A single
   * word wider than the box stays whole on its own line.
   */
  wrap(text: string, width: number, isolate = false): string[] {
    const words = text.split(/ +/).filter(Boolean);
    const lines: string[] = [];
    let current = "";
    for (const word of words) {
      const next = current ? `${current} ${word}` : word;
      if (current && this.width(next, isolate) > width) {
        lines.push(current);
        current = word;
      } else {
        current = next;
      }
    }
    if (current) lines.push(current);
    return lines.length > 0 ? lines : [""];
  }

  /** Wrapped lines from y down; returns the y below the last one. */
  paragraph(text: string, x: number, y: number, width: number, align: Align = "start", isolate = false) {
    const height = this.lineHeight();
    let at = y;
    for (const line of this.wrap(text, width, isolate)) {
      this.line(line, x, at, width, align, isolate);
      at += height;
    }
    return at;
  }

  lineHeight(leading = 1.35) {
    return this.doc.currentLineHeight() * leading;
  }
}
