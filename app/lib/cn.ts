/**
 * Joins class names, skipping falsy ones, and lets a later Tailwind class replace an earlier one
 * of the same kind (`cn("px-5 bg-primary", "px-3")` → "bg-primary px-3"), so a component's
 * `className` can override its defaults. A small own version of clsx + tailwind-merge (neither is
 * a dependency, and together they would weigh ~8 KB in every page): it knows the groups this app
 * overrides (spacing, size, display, colours, radius, alignment, type size and weight); classes
 * outside those groups are simply kept, duplicates dropped.
 */
export type ClassValue = string | false | null | undefined | 0 | ClassValue[];

export function cn(...values: ClassValue[]): string {
  const tokens: string[] = [];
  collect(values, tokens);
  // Walk from the end: the last class of a group wins, earlier ones of the same group are dropped.
  const seen = new Set<string>();
  const kept: string[] = [];
  for (let index = tokens.length - 1; index >= 0; index--) {
    const token = tokens[index]!;
    const key = conflictKey(token);
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(token);
  }
  return kept.reverse().join(" ");
}

function collect(values: ClassValue[], into: string[]) {
  for (const value of values) {
    if (!value) continue;
    if (Array.isArray(value)) collect(value, into);
    else for (const token of value.split(/\s+/)) if (token) into.push(token);
  }
}

const DISPLAY = /^(block|inline-block|inline|flex|inline-flex|grid|inline-grid|hidden|contents|table)$/;
const TEXT_SIZE = /^text-(xs|sm|base|lg|xl|\d+xl)$/;
const TEXT_ALIGN = /^text-(left|center|right|start|end|justify)$/;
const FONT_WEIGHT = /^font-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/;
const RADIUS = /^rounded(-(none|xs|sm|md|lg|xl|2xl|3xl|full))?$/;
// Padding and margin per side (p, px, py, ps, pe, pt, pb, pl, pr; m… likewise), sizes, gaps…
const PREFIXED =
  /^(-?[pm][xyseltrb]?|w|h|min-w|min-h|max-w|max-h|gap-x|gap-y|gap|justify|items|self|bg|shadow|opacity|z)-/;

/** Classes with the same key conflict; a key unknown to us is the class itself (never conflicts). */
function conflictKey(token: string): string {
  // Variants (hover:, rtl:, md:, aria-[…]:) and the important mark are part of the key.
  const split = token.lastIndexOf(":");
  const variant = split >= 0 ? token.slice(0, split + 1) : "";
  const utility = (split >= 0 ? token.slice(split + 1) : token).replace(/^!/, "");
  if (DISPLAY.test(utility)) return `${variant}display`;
  if (TEXT_SIZE.test(utility)) return `${variant}text-size`;
  if (TEXT_ALIGN.test(utility)) return `${variant}text-align`;
  if (/^text-/.test(utility)) return `${variant}text-color`;
  if (FONT_WEIGHT.test(utility)) return `${variant}font-weight`;
  if (RADIUS.test(utility)) return `${variant}rounded`;
  const prefix = PREFIXED.exec(utility);
  if (prefix) return `${variant}${prefix[1]!.replace(/^-/, "")}`;
  return token;
}
