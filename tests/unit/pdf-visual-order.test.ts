/**
 * The pieces of the invoice PDF's text (decision 049): the bidi reordering of one line
 * (visual-order.server.ts) and what the drawn PDF says when read back with pdfjs: Arabic shaped
 * (joining forms are other glyphs), drawn right to left, read in logical order, a lam-alef
 * ligature's letters in reading order, a long invoice broken onto more pages.
 */
import { describe, expect, it } from "vitest";
import { firstStrongDirection, visualPieces } from "~/services/pdf/visual-order.server";
import { renderTaxDocumentPdf, type TaxDocumentModel } from "~/services/tax/tax-document-pdf.server";
import { readPdf } from "../helpers/pdf-text";

const drawn = (line: string, base: "ltr" | "rtl") =>
  visualPieces(line, base).map((piece) => (piece.space ? "␣" : piece.text));

describe("visualPieces", () => {
  it("puts an Arabic phrase's first word on the right, each word in logical order for fontkit", () => {
    expect(drawn("سلسلة فضية", "rtl")).toEqual(["فضية", "␣", "سلسلة"]);
    expect(visualPieces("سلسلة", "rtl")[0]).toMatchObject({ rtl: true });
  });

  it("keeps digits and Latin left to right inside Arabic, and drops the bidi marks", () => {
    // formatMoney(11500, "SAR", "ar"): RLM, the amount, a no-break space, the symbol, RLM.
    expect(drawn("\u200f115.00\u00a0ر.س.\u200f", "rtl")).toEqual(["ر.س.", "␣", "115.00"]);
    expect(drawn("الرقم الضريبي: 310122393500003", "rtl")).toEqual([
      "310122393500003",
      "␣",
      "الضريبي:",
      "␣",
      "الرقم",
    ]);
    // formatRate(1500, "ar"): "15", LRM, "%", LRM — read "15%" left to right.
    expect(drawn("15\u200e%\u200e", "rtl")).toEqual(["15%"]);
  });

  it("leaves a Latin line alone in an English document and mirrors brackets in Arabic", () => {
    expect(drawn("VAT 15% on SAR 200.00", "ltr")).toEqual([
      "VAT",
      "␣",
      "15%",
      "␣",
      "on",
      "␣",
      "SAR",
      "␣",
      "200.00",
    ]);
    // Seen left to right the brackets are swapped (mirrored); the piece is handed over in logical
    // order, which fontkit reverses back: "(" drawn on the right, where the phrase starts.
    expect(drawn("(مثال)", "rtl")).toEqual([")مثال("]);
  });

  it("gives a name or an address its own direction, as the page's <bdi>", () => {
    expect(firstStrongDirection("12 Cedar Street, Beirut", "rtl")).toBe("ltr");
    expect(firstStrongDirection("١ طريق الملك فهد", "ltr")).toBe("rtl");
    expect(firstStrongDirection("12345", "rtl")).toBe("rtl");
    // Without it, the leading number of an English address would jump to the end in Arabic.
    expect(drawn("12 Cedar Street", "rtl")).toEqual(["Cedar", "␣", "Street", "␣", "12"]);
    expect(drawn("12 Cedar Street", "ltr")).toEqual(["12", "␣", "Cedar", "␣", "Street"]);
  });
});

function model(lines: number): TaxDocumentModel {
  const line = {
    name: "سلسلة فضية",
    quantity: "1",
    unitPrice: "10.00",
    rate: "15%",
    vat: "1.30",
    total: "10.00",
  };
  return {
    lang: "ar",
    dir: "rtl",
    title: "فاتورة ضريبية مبسطة",
    facts: [{ label: "تاريخ الإصدار", value: "4 ديسمبر 2026" }],
    qrPng: null,
    parties: [{ heading: "البائع", lines: ["شركة ألفا للتجارة"], facts: ["الرقم الضريبي: 310122393500003"] }],
    columns: {
      name: "الصنف",
      quantity: "الكمية",
      unitPrice: "سعر الوحدة",
      rate: "نسبة",
      vat: "ضريبة",
      total: "المبلغ",
    },
    lines: Array.from({ length: lines }, () => line),
    note: "تاريخ الإصدار",
    totals: [{ label: "الإجمالي", value: "10.00", strong: true }],
    footer: null,
  };
}

describe("the drawn PDF", () => {
  it("draws Arabic shaped and right to left, and reads back in logical order", async () => {
    const pdf = await readPdf(new Uint8Array(await renderTaxDocumentPdf(model(1))));
    const strings = pdf.items.map((item) => item.str);
    expect(strings).toContain("سلسلة فضية");
    expect(strings).toContain("شركة ألفا للتجارة");
    // "الإصدار" has a lam-alef ligature: one glyph, its two letters read in order.
    expect(strings).toContain("تاريخ الإصدار");
    // The first word is right of the second.
    const chain = pdf.runs.findIndex((run) => run.unicode.join("") === "ةلسلس");
    expect(chain).toBeGreaterThanOrEqual(0);
    // Shaped: initial and medial seen are two glyphs; the isolated ة and the final ة are not the same either.
    const run = pdf.runs[chain]!;
    const seen = run.codes.filter((_, index) => run.unicode[index] === "س");
    expect(new Set(seen).size).toBe(2);
  });

  it("continues a long invoice on more A4 pages, the column headings repeated on each", async () => {
    const pdf = await readPdf(new Uint8Array(await renderTaxDocumentPdf(model(60))));
    expect(pdf.pages).toBeGreaterThan(1);
    expect(pdf.items.filter((item) => item.str === "الصنف")).toHaveLength(pdf.pages);
    expect(pdf.items.filter((item) => item.str === "سلسلة فضية")).toHaveLength(60);
  });
});
