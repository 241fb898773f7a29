import { createElement } from "react";
import { describe, expect, it } from "vitest";
import type { DataColumn } from "~/components/ui/DataTable";
import { ListPage, listFiltering } from "~/components/ui/ListPage";
import { renderAt } from "./support/render-kit";

interface Code {
  id: string;
  code: string;
}

const columns: DataColumn<Code>[] = [
  { key: "code", header: "Code", rowHeader: true, cell: (row) => row.code },
];
const empty = { rows: [] as Code[], prevCursor: null, nextCursor: null };

function list(ignored: string[] = []) {
  return createElement(ListPage<Code>, {
    texts: "discounts.admin",
    page: empty,
    columns,
    ignored,
    filters: { names: ["q", "state"], fields: createElement("input", { name: "q", "aria-label": "Search" }) },
  });
}

/** The text of the page, without bidi isolates. */
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/[\u2066-\u2069]/g, "");

describe("ListPage", () => {
  it('says "none yet" on an unfiltered empty list, "all" and "" being no filter', async () => {
    expect(text(await renderAt("/admin/discounts", list()))).toContain("No discount codes yet.");
    expect(text(await renderAt("/admin/discounts?state=all&q=+", list()))).toContain(
      "No discount codes yet.",
    );
  });

  it("names the search that found nothing, and says when only the filters did", async () => {
    expect(text(await renderAt("/admin/discounts?q=xyz&state=expired", list()))).toContain(
      "No discount codes match “xyz”.",
    );
    expect(text(await renderAt("/admin/discounts?state=expired", list()))).toContain(
      "No discount codes match these filters.",
    );
    expect(text(await renderAt("/admin/discounts?q=xyz", list(), "ar"))).toContain(
      "لا توجد رموز خصم مطابقة لـ «xyz».",
    );
  });

  it("does not count a filter value the loader ignored", () => {
    expect(listFiltering("?state=bogus", ["q", "state"], ["state"])).toEqual({ q: "", filtered: false });
    expect(listFiltering("?state=expired&page=2", ["q", "state"], [])).toEqual({ q: "", filtered: true });
    // A parameter that is not one of the list's filters is no search.
    expect(listFiltering("?q=tea", ["state"], [])).toEqual({ q: "", filtered: false });
  });

  it("puts a checkbox first in each row when the rows can be selected", async () => {
    const html = await renderAt(
      "/admin/discounts",
      createElement(ListPage<Code>, {
        texts: "discounts.admin",
        page: { ...empty, rows: [{ id: "c1", code: "SPRING" }] },
        columns,
        selection: { form: "bulk", name: "ids", label: (row) => `Select ${row.code}` },
      }),
    );
    expect(html).toMatch(
      /<input type="checkbox" form="bulk" name="ids" aria-label="Select SPRING"[^>]*value="c1"/,
    );
  });
});
