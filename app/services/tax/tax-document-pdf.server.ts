/**
 * A tax document as an A4 PDF (decision 049): a small model (title, facts, parties, lines,
 * totals, an optional QR) drawn with pdfkit, mirrored for Arabic (the item column on the right,
 * amounts on the left, every line right-aligned). The invoice fills it today
 * (invoice-pdf.server.ts); a credit note fills the same model with its own title and negative
 * amounts, which are only strings here.
 */
import PDFDocument from "pdfkit";
import type { Direction } from "~/services/pdf/visual-order.server";
import { PdfText, type Align } from "~/services/pdf/pdf-text.server";

export interface TaxDocumentLine {
  name: string;
  quantity: string;
  unitPrice: string;
  rate: string;
  vat: string;
  total: string;
}

export interface TaxDocumentModel {
  lang: string;
  dir: Direction;
  /** "Simplified Tax Invoice", "Tax Invoice", later "Credit Note". */
  title: string;
  /** Number, date, order…: label and value pairs under the title. */
  facts: { label: string; value: string }[];
  /** The QR (a PNG) beside the title, or none. */
  qrPng: Buffer | null;
  /**
   * Seller and buyer: a heading, names and addresses (each in its own direction, the first in
   * bold), then labelled facts in the document's direction ("VAT number: …").
   */
  parties: { heading: string; lines: string[]; facts: string[] }[];
  columns: TaxDocumentLine;
  lines: TaxDocumentLine[];
  /** Under the lines ("Amounts include VAT."). */
  note: string | null;
  /** Label and amount, top to bottom; `rule` draws a line above, `strong` sets it in bold, larger. */
  totals: { label: string; value: string; rule?: boolean; strong?: boolean }[];
  /** Small print at the end (the invoice's UUID). */
  footer: string | null;
}

const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const CONTENT = PAGE.width - 2 * PAGE.margin;
/** Column widths, in reading order: item, qty, unit price, VAT rate, VAT, amount (sum = CONTENT). */
const COLUMNS: { key: keyof TaxDocumentLine; width: number; align: Align }[] = [
  { key: "name", width: 175, align: "start" },
  { key: "quantity", width: 40, align: "end" },
  { key: "unitPrice", width: 80, align: "end" },
  { key: "rate", width: 55, align: "end" },
  { key: "vat", width: 80, align: "end" },
  { key: "total", width: CONTENT - 175 - 40 - 80 - 55 - 80, align: "end" },
];
const CELL_PAD = 6;
const QR_SIZE = 110;

export function renderTaxDocumentPdf(model: TaxDocumentModel): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: PAGE.margin,
    lang: model.lang,
    displayTitle: true,
    info: { Title: model.title, Producer: "storefront" },
  });
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  draw(doc, model).finish();
  doc.end();
  return finished;
}

function draw(doc: PDFKit.PDFDocument, model: TaxDocumentModel): PdfText {
  const text = new PdfText(doc, model.dir);
  const rtl = model.dir === "rtl";
  /** A box's left x for a box at `offset` from the reading start: mirrored in Arabic. */
  const fromStart = (offset: number, width: number) =>
    rtl ? PAGE.width - PAGE.margin - offset - width : PAGE.margin + offset;
  const bottom = PAGE.height - PAGE.margin;
  let y = PAGE.margin;

  // Title and facts, the QR at the reading end.
  const headWidth = model.qrPng ? CONTENT - QR_SIZE - 12 : CONTENT;
  text.use("bold", 20);
  y = text.paragraph(model.title, fromStart(0, headWidth), y, headWidth);
  y += 4;
  const labelWidth = 110;
  for (const fact of model.facts) {
    text.use("bold", 10).line(fact.label, fromStart(0, labelWidth), y, labelWidth);
    text
      .use("regular", 10)
      .line(fact.value, fromStart(labelWidth, headWidth - labelWidth), y, headWidth - labelWidth);
    y += text.lineHeight();
  }
  if (model.qrPng) {
    doc.image(model.qrPng, fromStart(CONTENT - QR_SIZE, QR_SIZE), PAGE.margin, {
      width: QR_SIZE,
      height: QR_SIZE,
    });
    y = Math.max(y, PAGE.margin + QR_SIZE);
  }
  y += 8;
  rule(doc, y, 1.5);
  y += 12;

  // Parties side by side.
  const partyWidth = (CONTENT - 24) / 2;
  let partiesEnd = y;
  model.parties.forEach((party, index) => {
    const x = fromStart(index * (partyWidth + 24), partyWidth);
    text.use("bold", 12);
    let at = text.paragraph(party.heading, x, y, partyWidth);
    party.lines.forEach((line, lineIndex) => {
      text.use(lineIndex === 0 ? "bold" : "regular", 10);
      // Names and addresses in either script keep their own order (the page's <bdi>).
      at = text.paragraph(line, x, at, partyWidth, "start", true);
    });
    text.use("regular", 10);
    for (const fact of party.facts) at = text.paragraph(fact, x, at, partyWidth);
    partiesEnd = Math.max(partiesEnd, at);
  });
  y = partiesEnd + 14;

  // The lines, as a table; the header repeats on a new page.
  const header = () => {
    text.use("bold", 9);
    const height = Math.max(
      ...COLUMNS.map((column) => text.wrap(model.columns[column.key], column.width - CELL_PAD).length),
    );
    let offset = 0;
    for (const column of COLUMNS) {
      text.paragraph(
        model.columns[column.key],
        fromStart(offset, column.width - CELL_PAD),
        y,
        column.width - CELL_PAD,
        column.align,
      );
      offset += column.width;
    }
    y += height * text.lineHeight() + 2;
    rule(doc, y, 1.5);
    y += 5;
  };
  header();
  for (const line of model.lines) {
    text.use("regular", 9);
    // A product name keeps its own direction (the page's dir="auto").
    const wrapped = COLUMNS.map((column) =>
      text.wrap(line[column.key], column.width - CELL_PAD, column.key === "name"),
    );
    const height = Math.max(...wrapped.map((cell) => cell.length)) * text.lineHeight() + 6;
    if (y + height > bottom) {
      doc.addPage();
      y = PAGE.margin;
      header();
      text.use("regular", 9);
    }
    let offset = 0;
    COLUMNS.forEach((column, index) => {
      let at = y;
      for (const cellLine of wrapped[index]!) {
        const box = column.width - CELL_PAD;
        text.line(cellLine, fromStart(offset, box), at, box, column.align, column.key === "name");
        at += text.lineHeight();
      }
      offset += column.width;
    });
    y += height - 3;
    rule(doc, y, 0.5, "#888888");
    y += 5;
  }
  if (model.note) {
    text.use("regular", 9);
    y = text.paragraph(model.note, fromStart(0, CONTENT), y + 2, CONTENT) + 8;
  }

  // Totals: a block at the reading end, labels then amounts.
  const totalsWidth = 320;
  const amountWidth = 100;
  const blockX = fromStart(CONTENT - totalsWidth, totalsWidth);
  const labelX = rtl ? blockX + amountWidth : blockX;
  const amountX = rtl ? blockX : blockX + totalsWidth - amountWidth;
  const needed = model.totals.length * 18 + 20;
  if (y + needed > bottom) {
    doc.addPage();
    y = PAGE.margin;
  }
  for (const total of model.totals) {
    const size = total.strong ? 12 : 10;
    text.use(total.strong ? "bold" : "regular", size);
    if (total.rule) {
      doc
        .moveTo(blockX, y)
        .lineTo(blockX + totalsWidth, y)
        .lineWidth(total.strong ? 1.5 : 0.75)
        .strokeColor("#000000")
        .stroke();
      y += 4;
    }
    const labelLines = text.wrap(total.label, totalsWidth - amountWidth - 8);
    labelLines.forEach((labelLine, index) => {
      text.line(labelLine, labelX, y + index * text.lineHeight(), totalsWidth - amountWidth - 8);
    });
    text.line(total.value, amountX, y, amountWidth, "end");
    y += labelLines.length * text.lineHeight() + 2;
  }
  if (model.footer) {
    y += 14;
    if (y + 20 > bottom) {
      doc.addPage();
      y = PAGE.margin;
    }
    doc.fillColor("#444444");
    text.use("regular", 7);
    text.paragraph(model.footer, fromStart(0, CONTENT), y, CONTENT);
    doc.fillColor("#000000");
  }
  return text;
}

function rule(doc: PDFKit.PDFDocument, y: number, width: number, color = "#000000") {
  doc
    .moveTo(PAGE.margin, y)
    .lineTo(PAGE.width - PAGE.margin, y)
    .lineWidth(width)
    .strokeColor(color)
    .stroke();
}
