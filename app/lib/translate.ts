/**
 * The translate function pages render with, on the server and in the browser. It follows
 * i18next's rules for everything our locale files use: dotted keys, `{{name}}` interpolation
 * (React escapes, so values are inserted raw; an unpassed variable stays as written), plurals by `count` with `_zero` and the
 * Intl.PluralRules suffixes (`_one`, `_two`, `_few`, `_many`, `_other`), key arrays as
 * fallbacks, `defaultValue`, and the key itself when nothing matches. A parity test
 * (tests/unit/shell-i18n.test.ts) checks it against i18next for every key in both locales.
 *
 * Why not i18next itself in the browser: it is ~15 KB gzip of the 110 KB storefront JS budget
 * (DESIGN §9) for features the pages never use (backends, language changes at runtime,
 * formatters). i18next still runs on the server through remix-i18next.
 */
export interface TranslateOptions {
  count?: number;
  defaultValue?: string;
  [name: string]: unknown;
}

export type Translate = (key: string | string[], options?: TranslateOptions) => string;

const PLACEHOLDER = /\{\{\s*-?\s*([^{}]+?)\s*\}\}/g;

function interpolate(text: string, options: TranslateOptions): string {
  if (!text.includes("{{")) return text;
  return text.replace(PLACEHOLDER, (match, name: string) => {
    const key = name.trim();
    // Like i18next: a variable nobody passed stays visible, so the gap is easy to spot.
    if (!Object.prototype.hasOwnProperty.call(options, key)) return match;
    const value = options[key];
    return value === undefined || value === null ? "" : String(value);
  });
}

export function createTranslator(locale: string, resources: object): Translate {
  const plurals = new Intl.PluralRules(locale);
  // Every page asks for the same few hundred keys: each is walked once per translator.
  const found = new Map<string, string | undefined>();
  const lookup = (key: string): string | undefined => {
    if (found.has(key)) return found.get(key);
    let node: unknown = resources;
    for (const part of key.split(".")) {
      if (typeof node !== "object" || node === null) {
        node = undefined;
        break;
      }
      node = (node as Record<string, unknown>)[part];
    }
    const text = typeof node === "string" ? node : undefined;
    // Bounded, should a key ever be built from request input.
    if (found.size < 10_000) found.set(key, text);
    return text;
  };

  return (key, options = {}) => {
    const keys = Array.isArray(key) ? key : [key];
    for (const base of keys) {
      const candidates: string[] = [];
      if (typeof options.count === "number") {
        if (options.count === 0) candidates.push(`${base}_zero`);
        candidates.push(`${base}_${plurals.select(options.count)}`);
        // Arabic has six plural forms; a dictionary that only wrote `_one`/`_other` still reads
        // right with `_other` instead of showing the bare key.
        candidates.push(`${base}_other`);
      }
      candidates.push(base);
      for (const candidate of candidates) {
        const found = lookup(candidate);
        if (found !== undefined) return interpolate(found, options);
      }
    }
    return interpolate(
      typeof options.defaultValue === "string" ? options.defaultValue : (keys.at(-1) ?? ""),
      options,
    );
  };
}
