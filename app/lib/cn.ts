/**
 * Joins class names, skipping falsy ones, and lets a later Tailwind class replace earlier ones
 * it conflicts with (`cn("px-5 bg-primary", "px-3")` → "bg-primary px-3"; `cn("px-2", "p-4")` →
 * "p-4"), so a component's `className` can override its defaults.
 *
 * The merge is tailwind-merge's (decision 028): tailwind-merge weighs 8 KB gzip on every
 * storefront page, which the 110 KB budget cannot carry, so this file holds its class groups and
 * conflicts for the utilities this app writes, and `tests/unit/kit-cn.test.ts` proves it gives
 * tailwind-merge's answer for every pair of classes in `app/` (a new kind of class that it does
 * not know yet fails that test: add its group here). Unlike tailwind-merge it also drops exact
 * repeats of a class it does not know ("foo foo" → "foo"), which changes nothing in the page.
 */
export type ClassValue = string | false | null | undefined | 0 | ClassValue[];

export function cn(...values: ClassValue[]): string {
  if (import.meta.env.SSR && !merging) return mergeOnce(values);
  const tokens: string[] = [];
  collect(values, tokens);
  // Walk from the end: a kept class claims its group and the groups it overrides, so an earlier
  // class of a claimed group is dropped.
  const claimed = new Set<string>();
  const kept: string[] = [];
  for (let index = tokens.length - 1; index >= 0; index--) {
    const token = tokens[index]!;
    // A class that is not Tailwind's is its own group: only its exact repeats are dropped.
    const [variant, group] = variantAndGroup(token) ?? ["", token];
    if (claimed.has(variant + group)) continue;
    for (const other of [group, ...(OVERRIDES.get(group) ?? [])]) claimed.add(variant + other);
    kept.push(token);
  }
  return kept.reverse().join(" ");
}

/**
 * The server renders the same few class lists on every page (buttons, inputs, the header), and
 * merging one costs a regular-expression walk per class: each distinct list is merged once per
 * process (issue 19: a few tenths of a millisecond per storefront page). Bounded, as a
 * `className` could be made from data. Written as a branch of `cn` itself so that the browser's
 * build, where `import.meta.env.SSR` is false, drops all of it and ships `cn` byte for byte as
 * before (the product page's JavaScript sits at its budget).
 */
function mergeOnce(values: ClassValue[]): string {
  const key = JSON.stringify(values);
  let merged = MERGED.get(key);
  if (merged === undefined) {
    merging = true;
    try {
      merged = cn(...values);
    } finally {
      merging = false;
    }
    if (MERGED.size >= MAX_MERGED) MERGED.clear();
    MERGED.set(key, merged);
  }
  return merged;
}

/** True while mergeOnce runs the merge itself. */
let merging = false;
const MAX_MERGED = 1_000;
const MERGED = new Map<string, string>();

function collect(values: ClassValue[], into: string[]) {
  for (const value of values) {
    if (!value) continue;
    if (Array.isArray(value)) collect(value, into);
    else for (const token of value.split(/\s+/)) if (token) into.push(token);
  }
}

/** `md:hover:!-mt-2` → ["hover:md:!", "mt"]; null for a class that is not Tailwind's. */
function variantAndGroup(token: string): [string, string] | null {
  // Colons inside `[…]`/`(…)` are not variant separators.
  const parts = token.split(/:(?![^[(]*[\])])/);
  let utility = parts.pop()!;
  const important = /^!|!$/.test(utility) ? "!" : "";
  utility = utility.replace(/^!|!$/g, "").replace(/^-/, "");
  const group = groupOf(utility);
  return group ? [`${parts.sort().join(":")}:${important}`, group] : null;
}

const sides = (box: string, which: string | string[] = "xysetrbl") => [...which].map((side) => box + side);

/** A class of the key's group also replaces earlier classes of these groups. */
const OVERRIDES = new Map<string, string[]>(
  Object.entries({
    p: sides("p"),
    px: sides("p", "serl"),
    py: sides("p", "tb"),
    m: sides("m"),
    mx: sides("m", "serl"),
    my: sides("m", "tb"),
    inset: ["inset-x", "inset-y", "start", "end", "top", "right", "bottom", "left"],
    "inset-x": ["start", "end", "right", "left"],
    "inset-y": ["top", "bottom"],
    overflow: ["overflow-x", "overflow-y"],
    flex: ["basis", "grow", "shrink"],
    gap: ["gap-x", "gap-y"],
    size: ["w", "h"],
    "font-size": ["leading"],
    rounded: sides("rounded-", [
      "s",
      "e",
      "t",
      "r",
      "b",
      "l",
      "ss",
      "se",
      "ee",
      "es",
      "tl",
      "tr",
      "br",
      "bl",
    ]),
    "rounded-s": ["rounded-ss", "rounded-es"],
    "rounded-e": ["rounded-se", "rounded-ee"],
    "rounded-t": ["rounded-tl", "rounded-tr"],
    "rounded-b": ["rounded-br", "rounded-bl"],
    "border-w": sides("border-w-"),
    "border-w-x": sides("border-w-", "serl"),
    "border-w-y": sides("border-w-", "tb"),
    "border-color": sides("border-color-"),
    "border-color-x": sides("border-color-", "serl"),
    "border-color-y": sides("border-color-", "tb"),
  }),
);

// Whole class names → group. A Map: "constructor" or "__proto__" are nobody's group.
const KEYWORDS = new Map<string, string>();
for (const line of [
  "display block inline-block flex inline-flex grid hidden contents table table-row",
  "position static fixed absolute relative sticky",
  "visibility visible invisible",
  "sr sr-only not-sr-only",
  "decoration underline line-through no-underline",
  "font-style italic not-italic",
  "case uppercase lowercase normal-case",
  "text-overflow truncate",
  "flex-direction flex-row flex-col flex-row-reverse flex-col-reverse",
  "flex-wrap flex-wrap flex-nowrap",
  "flex flex-1 flex-auto flex-none",
  "grow grow grow-0",
  "shrink shrink shrink-0",
  "border-collapse border-collapse",
  "border-style border-dashed",
  "outline-style outline-none",
  "shadow shadow",
  "border-w border",
  "rounded rounded",
  "transition transition-shadow",
  "text-align text-left text-center text-right text-start text-end",
  "font-weight font-normal font-semibold font-bold font-extrabold",
  "font-family font-sans font-mono",
  "object-fit object-contain object-cover",
  "whitespace whitespace-nowrap whitespace-pre-line",
  "break break-words break-all",
  "fvn-spacing tabular-nums",
  "filter filter",
  "divide-y divide-y",
  "break-inside break-inside-avoid",
]) {
  const [group, ...words] = line.split(" ");
  for (const word of words) KEYWORDS.set(word, group!);
}

// Prefixed groups and the values tailwind-merge accepts for them (`order-status` or
// `top-center` are not Tailwind's classes, so they must not conflict with `order-1`/`top-0`).
const SIZE =
  /^(\d+(\.\d+)?|\d+\/\d+|px|auto|full|screen|min|max|fit|none|first|last|prose|[2-7]?x[sl]|sm|md|lg|[dsl]v[hw]|\[.+\]|\(.+\))$/;
const ALIGN = /^(start|end|center|between|around|evenly|stretch|baseline|normal|auto)$/;
const ANY = /./;
const PREFIXED: [RegExp, string[]][] = [
  [SIZE, [..."pm"].flatMap((box) => [box, ...sides(box)])],
  [SIZE, ["scroll-m", "scroll-p", ...sides("scroll-m"), ...sides("scroll-p")]],
  [SIZE, "inset inset-x inset-y start end top right bottom left z order basis".split(" ")],
  [SIZE, "size w h min-w min-h max-w max-h gap gap-x gap-y space-x space-y".split(" ")],
  [SIZE, "grid-cols grid-rows col-span row-span opacity".split(" ")],
  [
    SIZE,
    "duration scale scale-x rotate translate translate-x translate-y divide-y underline-offset".split(" "),
  ],
  [ALIGN, "justify items self content".split(" ")],
  [
    ANY,
    "overflow overflow-x overflow-y aspect leading tracking cursor select pointer-events list object".split(
      " ",
    ),
  ],
];
const PREFIXES = PREFIXED.flatMap(([values, prefixes]) =>
  prefixes.map((prefix) => [prefix, values] as const),
).sort(([a], [b]) => b.length - a.length);

const NUMBER = /^(\d+(\.\d+)?|\[(length:.*|\d*\.?\d+[a-z%]*|(calc|min|max|clamp)\(.*)\])$/;

function groupOf(utility: string): string | null {
  const keyword = KEYWORDS.get(utility);
  if (keyword) return keyword;
  // An arbitrary property (`[overflow-wrap:anywhere]`) conflicts with the same property.
  if (/^\[.+:/.test(utility)) return utility.slice(0, utility.indexOf(":"));
  const [, head = "", value = ""] = /^([a-z]+)-(.+)$/.exec(utility) ?? [];
  switch (head) {
    case "text":
      return /^(xs|sm|base|lg|[2-9]?xl)(\/.+)?$/.test(value) || NUMBER.test(value)
        ? "font-size"
        : "text-color";
    case "bg":
      return "bg-color";
    case "shadow":
      return /^([2-7]?x[sl]|sm|md|lg|none|inner|\[.+\])$/.test(value) ? "shadow" : "shadow-color";
    case "ring":
    case "outline":
      if (value.startsWith("offset-")) return `${head}-offset-${NUMBER.test(value.slice(7)) ? "w" : "color"}`;
      return `${head}-${NUMBER.test(value) ? "w" : "color"}`;
    case "fill":
    case "stroke":
    case "accent":
    case "caret":
    case "decoration":
      return head;
    case "font":
      return "font-family";
    case "rounded": {
      const corner = /^(ss|se|ee|es|tl|tr|br|bl|[setrbl])(?=-|$)/.exec(value)?.[1];
      return corner ? `rounded-${corner}` : "rounded";
    }
    case "border": {
      const [, side, rest = ""] = /^(?:([xysetrbl])(?:-|$))?(.*)$/.exec(value)!;
      return `border-${rest === "" || NUMBER.test(rest) ? "w" : "color"}${side ? `-${side}` : ""}`;
    }
  }
  for (const [prefix, values] of PREFIXES) {
    if (utility.startsWith(`${prefix}-`) && values.test(utility.slice(prefix.length + 1))) return prefix;
  }
  return head === "divide" ? "divide-color" : null;
}
