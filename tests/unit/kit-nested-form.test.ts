import { parseWithZod } from "@conform-to/zod";
import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formatPath, INTENT_FIELD, listIntent, parseFormValue, parsePath, valueAt } from "~/lib/form-value";
import { schemaErrors, useSchemaForm, type FormReply } from "~/lib/use-schema-form";

/**
 * An admin form with a nested object and two lists (ADR 012): a product's images and SEO. As in
 * every schema here, "required" is said for both an empty string (the browser sends "") and a
 * missing value (conform on the server turns "" into undefined).
 */
const required = { required_error: "validation.required" };
const productSchema = z.object({
  title: z.string(required).trim().min(1, "validation.required"),
  seo: z.object({ description: z.string().max(10, "validation.tooLong").optional() }).optional(),
  images: z
    .array(
      z.object({
        imageId: z.string(required).uuid("validation.invalid"),
        alt: z.string(required).min(1, "validation.required"),
      }),
      required,
    )
    .min(1, "validation.required"),
  tags: z.array(z.string()).optional(),
});

function form(entries: [string, string][]): FormData {
  const formData = new FormData();
  for (const [name, value] of entries) formData.append(name, value);
  return formData;
}

const ID_A = "0190c7a8-0000-7000-8000-000000000001";
const ID_B = "0190c7a8-0000-7000-8000-000000000002";

describe("nested and list field names", () => {
  it("parse into the schema's nested shape", () => {
    const value = parseFormValue(
      form([
        ["title", "Indigo"],
        ["seo.description", "Blue"],
        ["images[0].imageId", ID_A],
        ["images[0].alt", "Front"],
        ["images[1].imageId", ID_B],
        ["images[1].alt", "Back"],
        ["tags", "dye"],
        ["tags", "blue"],
        [INTENT_FIELD, listIntent.insert("images")],
      ]),
    );
    expect(value).toEqual({
      title: "Indigo",
      seo: { description: "Blue" },
      images: [
        { imageId: ID_A, alt: "Front" },
        { imageId: ID_B, alt: "Back" },
      ],
      tags: ["dye", "blue"],
    });
    expect(productSchema.safeParse(value).success).toBe(true);
  });

  it("give the same errors, under the same names, in the browser as conform gives on the server", () => {
    const entries: [string, string][] = [
      ["title", ""],
      ["seo.description", "far too long a text"],
      ["images[0].imageId", ID_A],
      ["images[0].alt", ""],
      ["images[1].imageId", "not-an-id"],
      ["images[1].alt", "Back"],
    ];
    const browser = schemaErrors(productSchema, form(entries));
    expect(browser).toEqual({
      title: ["validation.required"],
      "seo.description": ["validation.tooLong"],
      "images[0].alt": ["validation.required"],
      "images[1].imageId": ["validation.invalid"],
    });
    const server = parseWithZod(form(entries), { schema: productSchema }).reply().error;
    expect(server).toEqual(browser);
  });

  it("key an error about a whole list by the list's name", () => {
    expect(
      schemaErrors(
        productSchema,
        form([
          ["title", "Indigo"],
          ["seo.description", ""],
        ]),
      ),
    ).toMatchObject({
      images: ["validation.required"],
    });
  });

  it("refuse names that are not paths instead of building odd objects", () => {
    expect(parsePath("a]b")).toBeNull();
    expect(parsePath("images[x]")).toBeNull();
    expect(parsePath("__proto__.polluted")).toBeNull();
    expect(parsePath(".a")).toBeNull();
    expect(parsePath("")).toBeNull();
    const value = parseFormValue(
      form([
        ["__proto__.polluted", "yes"],
        ["ok", "1"],
      ]),
    );
    expect(value).toEqual({ ok: "1" });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("format back to conform's names and read values by name", () => {
    expect(formatPath(["images", 0, "alt"])).toBe("images[0].alt");
    expect(formatPath([])).toBe("");
    expect(valueAt({ images: [{ alt: "Front" }] }, "images[0].alt")).toBe("Front");
    expect(valueAt({ images: [] }, "images[3].alt")).toBeUndefined();
  });
});

describe("list rows without JavaScript (conform's intents on the server)", () => {
  it("an Add button's intent comes back as one more row, a Remove button's as one fewer", () => {
    const base: [string, string][] = [
      ["title", "Indigo"],
      ["images[0].imageId", ID_A],
      ["images[0].alt", "Front"],
    ];
    const added = parseWithZod(form([...base, [INTENT_FIELD, listIntent.insert("images")]]), {
      schema: productSchema,
    }).reply();
    expect((added.initialValue as { images: unknown[] }).images).toHaveLength(2);
    const removed = parseWithZod(form([...base, [INTENT_FIELD, listIntent.remove("images", 0)]]), {
      schema: productSchema,
    }).reply();
    expect((removed.initialValue as { images?: unknown[] }).images ?? []).toHaveLength(0);
  });

  it("the hook renders one row per item of the answer, fields named and filled", () => {
    function ImagesForm({ reply }: { reply: FormReply }): ReactElement {
      const form = useSchemaForm(() => Promise.resolve(productSchema), reply, { id: "product" });
      return createElement(
        "form",
        form.formProps,
        form
          .list("images")
          .map((row) => createElement("input", { key: row, ...form.field(`${row}.alt`).input })),
      );
    }
    const reply: FormReply = {
      initialValue: { images: [{ alt: "Front" }, { alt: "Back" }] },
      error: { "images[1].alt": ["validation.required"] },
    };
    const html = renderToStaticMarkup(createElement(ImagesForm, { reply }));
    expect(html).toContain('id="product-images-0--alt" name="images[0].alt"');
    expect(html).toContain('value="Front"');
    expect(html).toMatch(/id="product-images-1--alt" name="images\[1\]\.alt" aria-invalid="true"/);
    expect(html).toContain('value="Back"');
  });
});
