/**
 * The toasts' text against their background (issue 21): every kind, in the light and dark themes,
 * at least 4.5:1 (WCAG AA), with Sonner's own colours overridden where ours say so.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const sonnerCss = readFileSync(path.join(path.dirname(require.resolve("sonner")), "styles.css"), "utf8");
const ourCss = readFileSync("app/styles/app.css", "utf8");

/** The custom properties set in the first rule whose selector matches. */
function variables(css: string, selector: RegExp): Record<string, string> {
  const found: Record<string, string> = {};
  for (const rule of css.matchAll(/([^{}]+)\{([^}]*)\}/g)) {
    if (!selector.test(rule[1]!)) continue;
    for (const [, name, value] of rule[2]!.matchAll(/(--[\w-]+):\s*([^;]+);/g)) found[name!] = value!.trim();
  }
  return found;
}

function hslToRgb(value: string): [number, number, number] {
  const [h, s, l] = /hsl\(\s*([\d.]+),\s*([\d.]+)%,\s*([\d.]+)%\s*\)/.exec(value)!.slice(1).map(Number) as [
    number,
    number,
    number,
  ];
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [f(0), f(8), f(4)];
}
const luminance = (rgb: [number, number, number]) => {
  const [r, g, b] = rgb.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string) => {
  const [x, y] = [luminance(hslToRgb(a)), luminance(hslToRgb(b))].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
};

describe("toast colours", () => {
  for (const theme of ["light", "dark"]) {
    it(`are at least 4.5:1 in the ${theme} theme`, () => {
      const themeRule = new RegExp(`\\[data-sonner-theme=['"]${theme}['"]\\]`);
      const colours = { ...variables(sonnerCss, themeRule), ...variables(ourCss, themeRule) };
      for (const kind of ["success", "info", "warning", "error"]) {
        const ratio = contrast(colours[`--${kind}-text`]!, colours[`--${kind}-bg`]!);
        expect(
          ratio,
          `${kind}: ${colours[`--${kind}-text`]} on ${colours[`--${kind}-bg`]}`,
        ).toBeGreaterThanOrEqual(4.5);
      }
    });
  }
});
