/**
 * Demo images drawn with sharp: a shade swatch per product, a stripe of shades per category and a
 * logo per store. No text is drawn (no font dependency), and the same input always gives the same
 * bytes, so a re-seed produces identical sha256 values.
 */
import { createHash } from "node:crypto";
import sharp from "sharp";

export const SWATCH_SIZE = 480;
export const LOGO_SIZE = 256;

export interface PngImage {
  bytes: Buffer;
  width: number;
  height: number;
  sha256: string;
}

function parseHex(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** Lightens (amount > 0) towards white or darkens (amount < 0) towards black. */
function shade(channel: number, amount: number): number {
  const value = amount >= 0 ? channel + (255 - channel) * amount : channel * (1 + amount);
  return Math.round(value);
}

/**
 * Fills a square with vertical bands of the given colours, each lit from the top-left corner:
 * a soft diagonal gradient reads as a swatch of dyed material rather than a flat block.
 */
function drawBands(colors: readonly string[], size: number): Buffer {
  const pixels = Buffer.alloc(size * size * 3);
  const rgb = colors.map(parseHex);
  const diagonals = 2 * size - 1;
  // Per diagonal (x + y) lighting amount, from +14 % at the top-left to -14 % at the bottom-right.
  const light = Array.from({ length: diagonals }, (_, d) => 0.14 - (0.28 * d) / (diagonals - 1));
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const [r, g, b] = rgb[Math.min(rgb.length - 1, Math.floor((x * rgb.length) / size))] as [
        number,
        number,
        number,
      ];
      const amount = light[x + y] as number;
      const offset = (y * size + x) * 3;
      pixels[offset] = shade(r, amount);
      pixels[offset + 1] = shade(g, amount);
      pixels[offset + 2] = shade(b, amount);
    }
  }
  return pixels;
}

async function encode(pixels: Buffer, size: number): Promise<PngImage> {
  const bytes = await sharp(pixels, { raw: { width: size, height: size, channels: 3 } })
    .png({ compressionLevel: 6, adaptiveFiltering: true })
    .toBuffer();
  return describe(bytes, size, size);
}

function describe(bytes: Buffer, width: number, height: number): PngImage {
  return { bytes, width, height, sha256: createHash("sha256").update(bytes).digest("hex") };
}

export function swatchPng(hex: string, size = SWATCH_SIZE): Promise<PngImage> {
  return encode(drawBands([hex], size), size);
}

/** A category picture: one band per product shade (at most eight, so bands stay readable). */
export function stripesPng(hexes: readonly string[], size = SWATCH_SIZE): Promise<PngImage> {
  const bands = hexes.length > 8 ? hexes.filter((_, i) => i % Math.ceil(hexes.length / 8) === 0) : hexes;
  return encode(drawBands(bands.length > 0 ? bands : ["#CCCCCC"], size), size);
}

const LOGO_SHAPES = {
  // A falling drop of dye with a highlight.
  drop: (secondary: string) => `
    <path d="M128 34 C128 34 58 122 58 164 A70 70 0 0 0 198 164 C198 122 128 34 128 34 Z" fill="#FFFFFF"/>
    <path d="M128 84 C128 84 88 136 88 164 A40 40 0 0 0 168 164 C168 136 128 84 128 84 Z" fill="${secondary}"/>
    <circle cx="108" cy="170" r="10" fill="#FFFFFF" fill-opacity="0.55"/>`,
  // A pen nib with its slit and breather hole.
  nib: (secondary: string) => `
    <path d="M128 30 L196 138 L150 226 L106 226 L60 138 Z" fill="#FFFFFF"/>
    <path d="M128 126 L128 226" stroke="${secondary}" stroke-width="8"/>
    <circle cx="128" cy="120" r="14" fill="${secondary}"/>`,
} as const;

export async function logoPng(
  shape: keyof typeof LOGO_SHAPES,
  primary: string,
  secondary: string,
): Promise<PngImage> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${LOGO_SIZE}" height="${LOGO_SIZE}" viewBox="0 0 256 256">
    <rect width="256" height="256" rx="56" fill="${primary}"/>${LOGO_SHAPES[shape](secondary)}
  </svg>`;
  const bytes = await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
  return describe(bytes, LOGO_SIZE, LOGO_SIZE);
}

/** #RRGGBB mixed towards white (amount > 0) or black (amount < 0). */
function tint(hex: string, amount: number): string {
  return `#${parseHex(hex)
    .map((channel) => shade(channel, amount).toString(16).padStart(2, "0"))
    .join("")}`;
}

async function drawSvg(body: string, size = SWATCH_SIZE): Promise<PngImage> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 480 480">${body}</svg>`;
  const bytes = await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
  return describe(bytes, size, size);
}

/**
 * A tub of powder dye in its colour on a pale ground of the same, drawn larger for a larger size
 * (`scale` 0.5–1): a variant's own picture (decision 023), so choosing 1 kg shows a bigger pack.
 */
export function dyePackPng(hex: string, scale: number): Promise<PngImage> {
  const w = Math.round(300 * scale);
  const h = Math.round(320 * scale);
  const x = Math.round(240 - w / 2);
  const floor = 420;
  const y = floor - h;
  const lid = Math.round(44 * scale);
  return drawSvg(`
    <rect width="480" height="480" fill="${tint(hex, 0.85)}"/>
    <ellipse cx="240" cy="${floor}" rx="${Math.round(w * 0.62)}" ry="${Math.round(18 * scale) + 6}" fill="#000000" fill-opacity="0.12"/>
    <rect x="${x}" y="${y + lid - 6}" width="${w}" height="${h - lid + 6}" rx="${Math.round(26 * scale)}" fill="${hex}"/>
    <rect x="${x - 10}" y="${y}" width="${w + 20}" height="${lid}" rx="${Math.round(14 * scale)}" fill="${tint(hex, -0.35)}"/>
    <rect x="${x + Math.round(w * 0.12)}" y="${y + lid + Math.round(h * 0.22)}" width="${Math.round(w * 0.76)}" height="${Math.round(h * 0.34)}" rx="${Math.round(12 * scale)}" fill="#FFFFFF" fill-opacity="0.85"/>
    <circle cx="240" cy="${y + lid + Math.round(h * 0.39)}" r="${Math.round(h * 0.1)}" fill="${hex}"/>`);
}

/** A bottle of ink, taller for more millilitres (`scale` 0.5–1): a variant's own picture. */
export function inkBottlePng(hex: string, scale: number): Promise<PngImage> {
  const w = Math.round(220 * scale);
  const h = Math.round(250 * scale);
  const x = Math.round(240 - w / 2);
  const floor = 430;
  const y = floor - h;
  const neckW = Math.round(w * 0.4);
  const neckH = Math.round(46 * scale);
  const capH = Math.round(62 * scale);
  return drawSvg(`
    <rect width="480" height="480" fill="${tint(hex, 0.88)}"/>
    <ellipse cx="240" cy="${floor}" rx="${Math.round(w * 0.66)}" ry="${Math.round(14 * scale) + 6}" fill="#000000" fill-opacity="0.12"/>
    <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${Math.round(30 * scale)}" fill="${hex}"/>
    <rect x="${240 - neckW / 2}" y="${y - neckH}" width="${neckW}" height="${neckH + 10}" fill="${tint(hex, -0.25)}"/>
    <rect x="${240 - neckW / 2 - 8}" y="${y - neckH - capH}" width="${neckW + 16}" height="${capH}" rx="10" fill="#1F1F1F"/>
    <rect x="${x + Math.round(w * 0.14)}" y="${y + Math.round(h * 0.3)}" width="${Math.round(w * 0.72)}" height="${Math.round(h * 0.36)}" rx="8" fill="#FFFFFF" fill-opacity="0.9"/>
    <rect x="${x + Math.round(w * 0.08)}" y="${y + Math.round(h * 0.08)}" width="${Math.round(w * 0.08)}" height="${Math.round(h * 0.7)}" rx="6" fill="#FFFFFF" fill-opacity="0.25"/>`);
}
