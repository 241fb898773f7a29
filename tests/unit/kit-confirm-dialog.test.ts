import { readFileSync } from "node:fs";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { renderAt } from "./support/render-kit";

const dialog = createElement(ConfirmDialog, {
  id: "delete-7",
  trigger: "Delete",
  title: "Delete Indigo?",
  description: "The product leaves the store.",
  fields: { intent: "delete", productId: "7" },
});

describe("ConfirmDialog without JavaScript", () => {
  it("renders the trigger as a link to the page's inline confirmation, other parameters kept", async () => {
    const html = await renderAt("/admin/products?sort=name&dir=asc", dialog);
    expect(html).toMatch(
      /<a [^>]*href="\/admin\/products\?sort=name&amp;dir=asc&amp;confirm=delete-7"[^>]*>Delete<\/a>/,
    );
    expect(html).not.toContain("<form");
    expect(html).not.toContain("Delete Indigo?");
  });

  it("shows the confirmation inline at ?confirm=<id>: a POST form with the hidden fields, and Cancel back", async () => {
    const html = await renderAt("/admin/products?sort=name&confirm=delete-7", dialog);
    expect(html).toContain("Delete Indigo?");
    expect(html).toContain("The product leaves the store.");
    // The POST goes to the page without ?confirm=, so its answer is the page as it was.
    expect(html).toMatch(/<form method="post" action="\/admin\/products\?sort=name"/);
    expect(html).toContain('<input type="hidden" name="intent" value="delete"/>');
    expect(html).toContain('<input type="hidden" name="productId" value="7"/>');
    expect(html).toMatch(/<button type="submit"[^>]*>Delete<\/button>/);
    expect(html).toMatch(/<a [^>]*href="\/admin\/products\?sort=name"[^>]*>Cancel<\/a>/);
  });

  it("ignores another confirmation's id and speaks Arabic", async () => {
    expect(await renderAt("/admin/products?confirm=delete-8", dialog)).not.toContain("Delete Indigo?");
    expect(await renderAt("/admin/products?confirm=delete-7", dialog, "ar")).toContain("إلغاء");
  });
});

describe("ConfirmDialog's JavaScript", () => {
  it("loads Radix only on demand: the page's module imports the panel dynamically", async () => {
    const source = readFileSync("app/components/ui/ConfirmDialog.tsx", "utf8");
    expect(source).not.toMatch(/from "@radix-ui/);
    expect(source).not.toMatch(/from "~\/components\/ui\/ConfirmDialogPanel"/);
    expect(source).toContain('import("~/components/ui/ConfirmDialogPanel")');
  });
});
