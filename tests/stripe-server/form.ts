/**
 * Stripe's request encoding: application/x-www-form-urlencoded with nested keys, as the SDK
 * writes them: `metadata[order]=7`, `line_items[0][price_data][currency]=usd`, `expand[0]=x`
 * (or `expand[]=x`). Objects whose keys are all indexes become arrays.
 */
export type Params = { [key: string]: Param };
export type Param = string | Param[] | Params;

function splitKey(key: string): string[] {
  const first = key.indexOf("[");
  if (first === -1) return [key];
  const parts = [key.slice(0, first)];
  for (const match of key.slice(first).matchAll(/\[([^\]]*)\]/g)) parts.push(match[1]!);
  return parts;
}

/** Objects with only "0", "1", … (or "") keys are arrays in Stripe's encoding. */
function arraysFromIndexes(value: Param): Param {
  if (typeof value === "string" || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted: Params = {};
  for (const key of keys) converted[key] = arraysFromIndexes(value[key]!);
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((k) => converted[k]!);
  }
  return converted;
}

export function parseForm(body: string): Params {
  const root: Params = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = splitKey(rawKey);
    let node: Params = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      // `expand[]=a&expand[]=b`: an empty index appends.
      const key = part === "" ? String(Object.keys(node).length) : part;
      if (last) {
        node[key] = value;
        return;
      }
      const next = node[key];
      if (next === undefined || typeof next === "string" || Array.isArray(next)) node[key] = {};
      node = node[key] as Params;
    });
  }
  return arraysFromIndexes(root) as Params;
}

/** A stable text of the params, for comparing an idempotent retry with the first request. */
export function canonical(params: Param): string {
  if (typeof params === "string") return JSON.stringify(params);
  if (Array.isArray(params)) return `[${params.map(canonical).join(",")}]`;
  const keys = Object.keys(params).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(params[k]!)}`).join(",")}}`;
}
