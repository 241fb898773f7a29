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
  /** The names of its hidden inputs (a record's id, a token: what the page set, not the visitor). */
  hidden?: string[];
}

const ENTITIES: Record<string, string> = { amp: "&", quot: '"', lt: "<", gt: ">", "#x27": "'", "#39": "'" };

function decode(value: string): string {
  return value.replace(/&(amp|quot|lt|gt|#x27|#39);/g, (_m, name: string) => ENTITIES[name]!);
}

function attr(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? decode(match[1]!) : undefined;
}

/** A control's name and the value it renders with, or null for one without a name. */
function field(tag: string): [string, string] | null {
  const name = attr(tag, "name");
  return name ? [name, attr(tag, "value") ?? ""] : null;
}

const CONTROL = /<(input|textarea|select|button)\b[^>]*>/g;

export function formsOf(html: string): PageForm[] {
  const forms: PageForm[] = [];
  for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    const open = match[1]!;
    const body = match[2]!;
    const fields: Array<[string, string]> = [];
    const hidden: string[] = [];
    // An unchecked box or radio sends nothing; still worth filling, so it is kept with its value.
    for (const tag of body.matchAll(CONTROL)) {
      const control = field(tag[0]);
      if (control) fields.push(control);
      if (control && tag[1] === "input" && attr(tag[0], "type") === "hidden") hidden.push(control[0]);
    }
    // Controls elsewhere on the page that belong to this form by their `form` attribute (a
    // table of rows outside the form, as the variants table is).
    const id = attr(` ${open}`, "id");
    if (id) {
      for (const tag of html.matchAll(CONTROL)) {
        if (attr(tag[0], "form") !== id) continue;
        const control = field(tag[0]);
        if (control) fields.push(control);
        if (control && tag[1] === "input" && attr(tag[0], "type") === "hidden") hidden.push(control[0]);
      }
    }
    forms.push({
      action: attr(` ${open}`, "action") ?? "",
      method: (attr(` ${open}`, "method") ?? "get").toLowerCase(),
      enctype: attr(` ${open}`, "enctype") ?? "application/x-www-form-urlencoded",
      fields,
      hidden,
    });
  }
  return forms;
}

/**
 * Forms no page shows on a GET, only in an action's answer, registered here so the matrix fills
 * them from the corpus too: the product import's "apply" (it appears under the preview, carrying
 * the previewed file); the discount code's Apply and Remove on the cart (shown only with a cart
 * that has lines, which the matrix's shopper may not have when it reads pages). The checkout posts
 * the same forms to the same code, but with an empty cart its page answers any POST with the
 * loader's redirect to the cart, so it is left to tests/integration/discount-codes.test.ts.
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
  ...(["/cart"] as const).flatMap((action) => [
    {
      identity: "shopper" as const,
      route: action,
      form: {
        action,
        method: "post",
        enctype: "application/x-www-form-urlencoded",
        fields: [
          ["intent", "apply-code"],
          ["code", ""],
        ] as Array<[string, string]>,
      },
    },
    {
      identity: "shopper" as const,
      route: action,
      form: {
        action,
        method: "post",
        enctype: "application/x-www-form-urlencoded",
        fields: [["intent", "remove-code"]] as Array<[string, string]>,
      },
    },
  ]),
];
