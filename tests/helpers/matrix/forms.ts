/**
 * The forms a rendered page offers: where each posts and the fields it sends (inputs, textareas,
 * selects and named submit buttons, with their rendered values). Regular expressions are enough:
 * the HTML is React's own output, attributes always double-quoted.
 */
export interface PageForm {
  /** The form's action as rendered ("" means the page itself). */
  action: string;
  method: string;
  enctype: string;
  fields: Array<[string, string]>;
}

const ENTITIES: Record<string, string> = { amp: "&", quot: '"', lt: "<", gt: ">", "#x27": "'", "#39": "'" };

function decode(value: string): string {
  return value.replace(/&(amp|quot|lt|gt|#x27|#39);/g, (_m, name: string) => ENTITIES[name]!);
}

function attr(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? decode(match[1]!) : undefined;
}

export function formsOf(html: string): PageForm[] {
  const forms: PageForm[] = [];
  for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    const open = match[1]!;
    const body = match[2]!;
    const fields: Array<[string, string]> = [];
    for (const tag of body.matchAll(/<(input|textarea|select|button)\b[^>]*>/g)) {
      const name = attr(tag[0], "name");
      if (!name) continue;
      const type = attr(tag[0], "type");
      if (tag[1] === "input" && (type === "checkbox" || type === "radio") && !/\schecked=""/.test(tag[0])) {
        // An unchecked box sends nothing; still worth filling, so keep its value.
      }
      fields.push([name, attr(tag[0], "value") ?? ""]);
    }
    forms.push({
      action: attr(` ${open}`, "action") ?? "",
      method: (attr(` ${open}`, "method") ?? "get").toLowerCase(),
      enctype: attr(` ${open}`, "enctype") ?? "application/x-www-form-urlencoded",
      fields,
    });
  }
  return forms;
}

/**
 * Forms no page shows on a GET, only in an action's answer, registered here so the matrix fills
 * them from the corpus too: the product import's "apply" (it appears under the preview, carrying
 * the previewed file).
 */
export const ANSWER_FORMS: ReadonlyArray<{
  identity: "anonymous" | "shopper" | "admin";
  route: string;
  form: PageForm;
}> = [
  {
    identity: "admin",
    route: "/admin/products/import",
    form: {
      action: "/admin/products/import",
      method: "post",
      enctype: "application/x-www-form-urlencoded",
      fields: [
        ["intent", "apply"],
        ["csv", ""],
      ],
    },
  },
];
