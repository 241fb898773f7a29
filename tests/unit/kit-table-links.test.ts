import { describe, expect, it } from "vitest";
import { ariaSort, cursorHref, keptParams, readTableSort, sortHref } from "~/lib/table-links";

describe("table links", () => {
  it("sorts by a new column ascending, keeps the filters and drops the cursor", () => {
    expect(
      sortHref("/admin/products", "?q=tea&status=draft&cursor=abc", "price", { key: "name", dir: "asc" }),
    ).toBe("/admin/products?q=tea&status=draft&sort=price&dir=asc");
  });

  it("turns the current column around", () => {
    expect(sortHref("/admin/products", "?sort=price&dir=asc", "price", { key: "price", dir: "asc" })).toBe(
      "/admin/products?sort=price&dir=desc",
    );
    expect(sortHref("/admin/products", "?sort=price&dir=desc", "price", { key: "price", dir: "desc" })).toBe(
      "/admin/products?sort=price&dir=asc",
    );
  });

  it("pages with the opaque cursor, every other parameter kept and encoded", () => {
    expect(cursorHref("/admin/orders", "?status=paid&sort=date&dir=desc", "eyJpZCI6MX0=")).toBe(
      "/admin/orders?status=paid&sort=date&dir=desc&cursor=eyJpZCI6MX0%3D",
    );
    expect(cursorHref("/admin/orders", "?cursor=old", "new")).toBe("/admin/orders?cursor=new");
  });

  it("marks only the ordered column for screen readers", () => {
    expect(ariaSort("price", { key: "price", dir: "asc" })).toBe("ascending");
    expect(ariaSort("price", { key: "price", dir: "desc" })).toBe("descending");
    expect(ariaSort("name", { key: "price", dir: "desc" })).toBeUndefined();
    expect(ariaSort("name", null)).toBeUndefined();
  });

  it("reads the order back, falling back on unknown columns and directions", () => {
    const fallback = { key: "created", dir: "desc" } as const;
    const allowed = ["created", "name", "price"];
    expect(readTableSort(new URLSearchParams("sort=name&dir=desc"), allowed, fallback)).toEqual({
      key: "name",
      dir: "desc",
    });
    expect(readTableSort(new URLSearchParams("sort=name&dir=sideways"), allowed, fallback)).toEqual({
      key: "name",
      dir: "asc",
    });
    expect(readTableSort(new URLSearchParams("sort=password_hash"), allowed, fallback)).toEqual(fallback);
    expect(readTableSort(new URLSearchParams(""), allowed, fallback)).toEqual(fallback);
  });

  it("has a filter form carry the order but neither the cursor nor its own fields", () => {
    expect(keptParams("?q=old&sort=price&dir=asc&cursor=abc&tab=archived", ["q"])).toEqual([
      ["sort", "price"],
      ["dir", "asc"],
      ["tab", "archived"],
    ]);
  });
});
