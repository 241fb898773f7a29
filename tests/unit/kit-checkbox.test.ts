import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { CheckboxField, CheckRow } from "~/components/ui/Checkbox";
import type { FieldState } from "~/lib/use-schema-form";
import { renderAt } from "./support/render-kit";

const field = (errors?: string[]): FieldState => ({
  id: "f-active",
  errorId: "f-active-error",
  errors,
  input: {
    id: "f-active",
    name: "active",
    "aria-describedby": "f-active-error",
    ...(errors ? { "aria-invalid": true as const } : {}),
  },
});

describe("Checkbox", () => {
  it("a row is one label around the box and its words, a 44 px target with a visible focus ring", async () => {
    const html = await renderAt(
      "/",
      createElement(CheckRow, { name: "active", label: "Active", defaultChecked: true }),
    );
    expect(html).toMatch(
      /^<label class="[^"]*min-h-11[^"]*"><input name="active" type="checkbox"[^>]*checked=""/,
    );
    expect(html).toMatch(/class="[^"]*focus-visible:outline-2[^"]*"/);
    expect(html).toContain("<span>Active</span></label>");
  });

  it("a field ties its hint and its translated error to the box, and marks it invalid", async () => {
    const html = await renderAt(
      "/",
      createElement(CheckboxField, {
        field: field(["validation.nameRequired"]),
        label: "Active",
        hint: "Shown in the store",
      }),
    );
    expect(html).toContain('id="f-active"');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('aria-describedby="f-active-hint f-active-error"');
    expect(html).toContain('<p id="f-active-hint" class="text-sm text-muted">Shown in the store</p>');
    expect(html).toMatch(/<div id="f-active-error"[^>]*><p>Name is required.<\/p><\/div>/);
    expect(html).not.toContain("validation.nameRequired");
  });

  it("without an error or hint it points at the (empty) error region only", async () => {
    const html = await renderAt("/", createElement(CheckboxField, { field: field(), label: "Active" }));
    expect(html).toContain('aria-describedby="f-active-error"');
    expect(html).not.toContain("aria-invalid");
    expect(html).toMatch(/<div id="f-active-error"[^>]*><\/div>/);
  });
});
