/**
 * Form field names for nested and list fields, the way conform names them (ADR 012):
 * `title`, `seo.description`, `images[0].alt`, `targets[2].productId`. The server parses a form
 * with conform (`parseWithZod`), the browser with `parseFormValue` below: both build the same
 * nested value from the same names, so one zod schema checks both, and an error's path is
 * written back in the same notation (`formatPath`), which is the key conform's `reply()` uses.
 * A few lines of our own instead of conform's DOM package keep the page's JavaScript small
 * (ADR 006).
 */

/** Conform's reserved fields: the list intent (add or remove a row without JavaScript) and its state. */
export const INTENT_FIELD = "__intent__";
const RESERVED = new Set([INTENT_FIELD, "__state__"]);

export type PathSegment = string | number;

/** `images[0].alt` → ["images", 0, "alt"]; null for a name that is not a path (ignored, as conform does). */
export function parsePath(name: string): PathSegment[] | null {
  const segments: PathSegment[] = [];
  const token = /([^.[\]]+)|\[(\d+)\]/g;
  let last = 0;
  for (let match = token.exec(name); match; match = token.exec(name)) {
    // Only a single "." may sit between two segments ("a.b", "a[0].b").
    if (match.index !== last && !(match.index === last + 1 && name[last] === "." && segments.length > 0))
      return null;
    const [, key, index] = match;
    if (key === "__proto__" || key === "constructor" || key === "prototype") return null;
    segments.push(key !== undefined ? key : Number(index));
    last = token.lastIndex;
  }
  return last === name.length && segments.length > 0 ? segments : null;
}

/** ["images", 0, "alt"] → `images[0].alt`: how conform keys an error. */
export function formatPath(path: readonly PathSegment[]): string {
  return path.reduce<string>(
    (name, segment) =>
      typeof segment === "number" ? `${name}[${segment}]` : name ? `${name}.${segment}` : segment,
    "",
  );
}

type Container = Record<string, unknown> | unknown[];

/**
 * A form's entries as the nested value conform builds on the server: `images[1].alt` lands in
 * `{ images: [ , { alt } ] }`, a name sent twice becomes a list. Values stay strings (and files):
 * the schema does any conversion, the same on both sides.
 */
export function parseFormValue(entries: Iterable<[string, FormDataEntryValue]>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [name, value] of entries) {
    if (RESERVED.has(name)) continue;
    const path = parsePath(name);
    if (!path) continue;
    let node: Container = root;
    for (let depth = 0; depth < path.length - 1; depth++) {
      const segment = path[depth]!;
      const next = (node as Record<PathSegment, unknown>)[segment];
      if (next && typeof next === "object") {
        node = next as Container;
      } else {
        const created: Container = typeof path[depth + 1] === "number" ? [] : {};
        (node as Record<PathSegment, unknown>)[segment] = created;
        node = created;
      }
    }
    const leaf = path[path.length - 1]!;
    const target = node as Record<PathSegment, unknown>;
    const previous = target[leaf];
    target[leaf] =
      previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return root;
}

/** The value at a field's name in a nested value (a reply's `initialValue`), or undefined. */
export function valueAt(value: unknown, name: string): unknown {
  const path = parsePath(name);
  if (!path) return undefined;
  let node = value;
  for (const segment of path) {
    if (!node || typeof node !== "object") return undefined;
    node = (node as Record<PathSegment, unknown>)[segment];
  }
  return node;
}

/**
 * The value of a submit button that adds, removes or moves a row of a list field, as conform's
 * intents are written: `<button name={INTENT_FIELD} value={listIntent.insert("targets")}>`. The
 * server's `parseWithZod` applies it and `submission.reply()` answers with the changed list, so
 * rows are added, removed and reordered without JavaScript (and, with it, by the same round trip).
 */
export const listIntent = {
  insert: (name: string) => JSON.stringify({ type: "insert", payload: { name } }),
  remove: (name: string, index: number) => JSON.stringify({ type: "remove", payload: { name, index } }),
  reorder: (name: string, from: number, to: number) =>
    JSON.stringify({ type: "reorder", payload: { name, from, to } }),
};
