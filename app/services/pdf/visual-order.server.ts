/**
 * One line of text in the order a PDF draws it (decision 049): the Unicode Bidirectional
 * Algorithm (`bidi-js`) resolves each character's level and reorders the line left to right; the
 * line is then cut into pieces at whitespace and at level changes.
 *
 * What is handed to pdfkit for an Arabic piece is its LOGICAL text: pdfkit shapes each word with
 * fontkit, which picks the joining forms (initial, medial, final, isolated; lam-alef) from the
 * logical order and itself reverses the glyphs of a right-to-left script. So a piece that holds a
 * right-to-left letter goes back to logical order here; every other piece (Latin, digits, and
 * neutrals that resolved right-to-left, such as a lone ":") is handed over as it is seen, which
 * fontkit leaves alone. pdfkit lays the words of one call out left to right, which is why a
 * piece never holds a space: a multi-word Arabic phrase would come out with its words swapped.
 */
import bidiFactory from "bidi-js";

const bidi = bidiFactory();

export type Direction = "ltr" | "rtl";

export interface VisualPiece {
  /** What to draw: logical text for a right-to-left piece (fontkit reverses it), else as seen. */
  text: string;
  /** Whitespace between words: drawn as a gap, never as glyphs. */
  space: boolean;
  /** A right-to-left piece (Arabic or Hebrew letters at an odd level). */
  rtl: boolean;
}

/** Letters of a right-to-left script (Hebrew, Arabic and their presentation forms): fontkit reverses these. */
const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;
/**
 * Bidi formatting characters (marks, embeddings, isolates): they steer the algorithm and are
 * invisible, so they are dropped after it has run (fonts have no glyph for most of them).
 */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** True when the text holds a right-to-left letter. */
export function hasRtl(text: string): boolean {
  return RTL_LETTER.test(text);
}

/** The line's pieces, left to right as they appear on the page, in a paragraph of `base` direction. */
export function visualPieces(line: string, base: Direction): VisualPiece[] {
  if (line.length === 0) return [];
  const embedding = bidi.getEmbeddingLevels(line, base);
  const { levels } = embedding;
  const order = Array.from({ length: line.length }, (_, index) => index);
  for (const segment of bidi.getReorderSegments(line, embedding)) {
    const [start, end] = segment as [number, number];
    const reversed = order.slice(start, end + 1).reverse();
    order.splice(start, reversed.length, ...reversed);
  }
  const mirrored = bidi.getMirroredCharactersMap(line, levels);

  const pieces: VisualPiece[] = [];
  let current: { chars: string[]; level: number; space: boolean } | null = null;
  const flush = () => {
    if (!current) return;
    const seen = current.chars.join("").replace(BIDI_CONTROLS, "");
    if (seen.length > 0) {
      const rtl = !current.space && current.level % 2 === 1 && hasRtl(seen);
      pieces.push({ text: rtl ? [...seen].reverse().join("") : seen, space: current.space, rtl });
    }
    current = null;
  };
  for (const index of order) {
    const char = mirrored.get(index) ?? line[index]!;
    const level = levels[index]!;
    const space = /\s/.test(char);
    if (!current || current.level !== level || current.space !== space) {
      flush();
      current = { chars: [], level, space };
    }
    current.chars.push(char);
  }
  flush();
  return pieces;
}

/**
 * The direction of a text's first strong letter (HTML's `dir="auto"` and `<bdi>`), or `fallback`
 * when it has none: a Latin address inside an Arabic page keeps its own order ("12 Cedar Street",
 * not "Cedar Street 12").
 */
export function firstStrongDirection(text: string, fallback: Direction): Direction {
  for (const char of text) {
    const type = bidi.getBidiCharTypeName(char);
    if (type === "L") return "ltr";
    if (type === "R" || type === "AL") return "rtl";
  }
  return fallback;
}

/** The line as it reads, with the invisible bidi controls taken out (what a PDF's ActualText says). */
export function readingText(line: string): string {
  return line.replace(BIDI_CONTROLS, "");
}
