/**
 * Store branding → CSS variables on <html> (DESIGN §7). Owners pick any colours, so text colours
 * that sit on or beside them are derived here to keep WCAG AA contrast whatever they chose.
 */
import type { Theme } from "./theme";

export const DEFAULT_PRIMARY = "#242F51";
export const DEFAULT_SECONDARY = "#384878";
const HEX = /^#[0-9a-f]{6}$/i;

/** Page backgrounds the brand colour must stand out from; keep in step with app.css. */
const PAGE_BACKGROUND: Record<Theme, string> = { light: "#ffffff", dark: "#0f1115" };
const INK: Record<Theme, string> = { light: "#111827", dark: "#f3f4f6" };

function channels(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** White or near-black, whichever reads better on `background`. */
export function textOn(background: string): string {
  return contrastRatio(background, "#ffffff") >= contrastRatio(background, "#111827") ? "#ffffff" : "#111827";
}

export function normalizeHex(value: string | null | undefined, fallback: string): string {
  return value && HEX.test(value) ? value : fallback;
}

export interface BrandColors {
  primaryColor: string;
  secondaryColor: string;
}

/** The style attribute for <html>: brand colours, text on them, and brand-coloured text. */
export function brandStyle(colors: BrandColors, theme: Theme): Record<string, string> {
  const primary = normalizeHex(colors.primaryColor, DEFAULT_PRIMARY);
  const secondary = normalizeHex(colors.secondaryColor, DEFAULT_SECONDARY);
  const page = PAGE_BACKGROUND[theme];
  return {
    "--color-primary": primary,
    "--color-secondary": secondary,
    "--color-on-primary": textOn(primary),
    "--color-on-secondary": textOn(secondary),
    // Brand-coloured text (the wordmark, links) falls back to ink when the brand colour is
    // too close to the page background, e.g. a navy brand on the dark theme.
    "--color-primary-ink": contrastRatio(primary, page) >= 4.5 ? primary : INK[theme],
  };
}
