/**
 * The units of an order line (the shopper's return request, the admin's refund): one component,
 * a plain number input on the storefront and a schema field with its error in the admin.
 */
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { LineUnitsField } from "~/components/orders/LineUnitsField";
import type { FieldState } from "~/lib/use-schema-form";
import { renderAt } from "./support/render-kit";

const LINE = { id: "0190a5b4-7c1e-7d3a-9f00-1234567890ab", name: "Ink" };

const field = (errors?: string[]): FieldState => ({
  id: "refund-lines[1].quantity",
  errorId: "refund-lines[1].quantity-error",
  errors,
  input: {
    id: "refund-lines[1].quantity",
    name: "lines[1].quantity",
    "aria-describedby": "refund-lines[1].quantity-error",
    ...(errors ? { "aria-invalid": true as const } : {}),
  },
});

describe("LineUnitsField", () => {
  it("posts the line's id and its units by index, up to what is left, 0 to start", async () => {
    const html = await renderAt(
      "/",
      createElement(LineUnitsField, { index: 2, line: LINE, facts: "Bought 3", label: "Units", left: 3 }),
    );
    expect(html).toContain(`<input type="hidden" name="lines[2].orderItemId" value="${LINE.id}"/>`);
    expect(html).toMatch(
      /<input type="number" name="lines\[2\]\.quantity" min="0" max="3" inputMode="numeric" dir="ltr"[^>]*value="0"/,
    );
    expect(html).toContain("Bought 3");
    expect(html).toContain('<span class="text-sm font-bold">Units</span>');
    expect(html).not.toContain("disabled");
  });

  it("is disabled with nothing left", async () => {
    const html = await renderAt(
      "/",
      createElement(LineUnitsField, { index: 0, line: LINE, facts: "", label: "Units", left: 0 }),
    );
    expect(html).toMatch(/name="lines\[0\]\.quantity"[^>]*disabled=""/);
  });

  it("with a schema field: its label, its translated error and what else the line asks", async () => {
    const html = await renderAt(
      "/",
      createElement(LineUnitsField, {
        index: 1,
        line: LINE,
        facts: "Bought 2",
        label: "Units to refund",
        left: 2,
        field: field(["refunds.errors.units"]),
        after: createElement("span", null, "Restock"),
      }),
    );
    expect(html).toContain(`name="lines[1].orderItemId"`);
    expect(html).toMatch(
      /<label for="refund-lines\[1\]\.quantity" class="font-bold">Units to refund<\/label>/,
    );
    expect(html).toMatch(/name="lines\[1\]\.quantity"[^>]*aria-invalid="true"/);
    expect(html).toContain('id="refund-lines[1].quantity-error"');
    expect(html).not.toContain(">refunds.errors.units<");
    expect(html).toContain("<span>Restock</span>");
    expect(html).toContain("sm:grid-cols-[1fr_8rem_auto]");
  });
});
