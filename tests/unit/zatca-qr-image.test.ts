/**
 * The ZATCA QR image (issue 35 item 5, decision 043): the invoice's QR, drawn by the same
 * `qrcode` call the page's SVG uses (as a PNG here, so it can be read back pixel by pixel), is
 * decoded with jsQR and its content with decodeZatcaQr: the five fields come back, an Arabic
 * seller name byte for byte. The SVG the page shows carries the same modules.
 */
import { PNG } from "pngjs";
import QRCode from "qrcode";
import jsQR from "jsqr";
import { describe, expect, it } from "vitest";
import { decodeZatcaQr } from "~/services/tax/zatca-qr";
import { majorAmount, QR_OPTIONS, zatcaContent, zatcaQrSvg } from "~/services/tax/zatca-qr-image.server";

const INVOICE = {
  sellerNameEn: "Dye & Shade Trading Co.",
  sellerNameAr: "شركة الصبغة والظل للتجارة",
  sellerVatNumber: "310122393500003",
  issuedAt: new Date("2026-12-04T09:30:12.345Z"),
  currency: "SAR",
  totalCents: 11500,
  vatCents: 1500,
};

async function readBack(content: string): Promise<string> {
  const png = PNG.sync.read(await QRCode.toBuffer(content, { ...QR_OPTIONS, type: "png", scale: 6 }));
  const found = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!found) throw new Error("no QR found in the image");
  return found.data;
}

describe("the ZATCA QR image", () => {
  it("decodes back to the five fields, the Arabic seller name intact", async () => {
    const fields = decodeZatcaQr(await readBack(zatcaContent(INVOICE)));
    expect(fields).toEqual({
      sellerName: "شركة الصبغة والظل للتجارة",
      vatNumber: "310122393500003",
      timestamp: "2026-12-04T09:30:12Z",
      totalWithVat: "115.00",
      vatTotal: "15.00",
    });
  });

  it("names the English legal name when there is no Arabic one, amounts in the currency's decimals", async () => {
    const fields = decodeZatcaQr(
      await readBack(
        zatcaContent({ ...INVOICE, sellerNameAr: " ", currency: "KWD", totalCents: 11500, vatCents: 5 }),
      ),
    );
    expect(fields).toMatchObject({
      sellerName: "Dye & Shade Trading Co.",
      totalWithVat: "11.500",
      vatTotal: "0.005",
    });
  });

  it("renders the page's SVG of the same symbol", async () => {
    const svg = await zatcaQrSvg(INVOICE);
    const symbol = QRCode.create(zatcaContent(INVOICE), QR_OPTIONS);
    const side = symbol.modules.size + 2 * QR_OPTIONS.margin;
    expect(svg).toContain(`viewBox="0 0 ${side} ${side}"`);
    expect(svg).toContain("<path");
  });

  it("writes amounts with the currency's decimals, negative and zero too", () => {
    expect(majorAmount(5, "SAR")).toBe("0.05");
    expect(majorAmount(0, "SAR")).toBe("0.00");
    expect(majorAmount(-12345, "SAR")).toBe("-123.45");
    expect(majorAmount(1234, "JPY")).toBe("1234");
  });
});
