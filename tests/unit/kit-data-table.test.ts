import { createElement, type ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { DataTable, type DataColumn } from "~/components/ui/DataTable";
import { renderAt } from "./support/render-kit";

interface Product {
  id: string;
  name: string;
  price: string;
}

const columns: DataColumn<Product>[] = [
  { key: "name", header: "Name", cell: (row) => row.name, sortable: true, rowHeader: true },
  { key: "price", header: "Price", cell: (row) => row.price, sortable: true, align: "end" },
  { key: "stock", header: "Stock", cell: () => "3" },
];
const rows: Product[] = [
  { id: "1", name: "Indigo", price: "$12.00" },
  { id: "2", name: "Madder", price: "$9.00" },
];

function table(props: Partial<Parameters<typeof DataTable<Product>>[0]> = {}) {
  return createElement(DataTable<Product>, {
    caption: "Products",
    columns,
    rows,
    rowKey: (row) => row.id,
    empty: "No products yet" as ReactNode,
    ...props,
  });
}

describe("DataTable", () => {
  it("is a table with a caption, column headers and row headers", async () => {
    const html = await renderAt("/admin/products", table());
    expect(html).toContain("<table");
    expect(html).toMatch(/<caption[^>]*>Products<\/caption>/);
    expect(html).toMatch(/<th scope="col"[^>]*>.*Name/);
    expect(html).toMatch(/<th scope="row"[^>]*>Indigo<\/th>/);
    expect(html).toContain("<td");
  });

  it("marks the ordered column with aria-sort and links its header to the other direction, filters kept", async () => {
    const html = await renderAt(
      "/admin/products?q=tea&sort=price&dir=asc&cursor=c1",
      table({ sort: { key: "price", dir: "asc" } }),
    );
    expect(html).toMatch(
      /<th scope="col" aria-sort="ascending"[^>]*><a [^>]*href="\/admin\/products\?q=tea&amp;sort=price&amp;dir=desc"/,
    );
    expect(html).toContain('href="/admin/products?q=tea&amp;sort=name&amp;dir=asc"');
    expect(html.match(/aria-sort=/g)).toHaveLength(1);
    // The stock column is not sortable: plain text, no link.
    expect(html).toMatch(/<th scope="col" class="[^"]*">Stock<\/th>/);
  });

  it("links Previous and Next with the opaque cursors, keeping every other parameter", async () => {
    const html = await renderAt(
      "/admin/products?q=tea&sort=price&dir=asc",
      table({ prevCursor: "p1", nextCursor: "n/2" }),
    );
    expect(html).toContain('href="/admin/products?q=tea&amp;sort=price&amp;dir=asc&amp;cursor=p1"');
    expect(html).toContain('href="/admin/products?q=tea&amp;sort=price&amp;dir=asc&amp;cursor=n%2F2"');
    expect(html).toMatch(/<nav aria-label="Pages"/);
  });

  it("renders the filters as a GET form that keeps the order but not the cursor", async () => {
    const html = await renderAt(
      "/admin/products?q=old&sort=price&dir=desc&cursor=c1",
      table({
        filters: { names: ["q"], fields: createElement("input", { name: "q", "aria-label": "Search" }) },
      }),
    );
    expect(html).toMatch(
      /<form method="get" action="\/admin\/products" id="list-filters" role="search" aria-label="Filters"/,
    );
    // On a phone they wait behind "Filters": before scripts run, a link to the form (its target
    // shows it), saying how many filters are in use.
    expect(html).toMatch(/<a href="#list-filters"[^>]*>Filters<span[^>]*>1<\/span><\/a>/);
    expect(html).toContain('<input type="hidden" name="sort" value="price"/>');
    expect(html).toContain('<input type="hidden" name="dir" value="desc"/>');
    expect(html).not.toContain('name="cursor"');
    expect(html).not.toContain('type="hidden" name="q"');
    expect(html).toContain("Apply filters");
  });

  it("shows the empty state instead of an empty table", async () => {
    const html = await renderAt("/admin/products", table({ rows: [] }));
    expect(html).toContain("No products yet");
    expect(html).not.toContain("<table");
  });

  it("speaks Arabic in Arabic", async () => {
    const html = await renderAt("/admin/products", table({ nextCursor: "n1" }), "ar");
    expect(html).toContain("التالي");
    expect(html).toContain("rtl:rotate-180");
  });
});
