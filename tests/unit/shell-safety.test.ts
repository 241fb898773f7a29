import { describe, expect, it } from "vitest";
import { brandStyle, contrastRatio } from "~/lib/brand";
import { safeRedirectPath } from "~/lib/redirect";

describe("safeRedirectPath", () => {
  it("keeps same-origin paths", () => {
    expect(safeRedirectPath("/products?q=red#top")).toBe("/products?q=red#top");
    expect(safeRedirectPath("/")).toBe("/");
  });
  it("refuses anything that could leave the origin", () => {
    for (const bad of ["https://evil.test/", "//evil.test", "/\\evil.test", "evil", "", "/\tfoo", null, 42]) {
      expect(safeRedirectPath(bad, "/home")).toBe("/home");
    }
  });
});

describe("brandStyle", () => {
  it("puts the store's colours on --color-primary and --color-secondary as stored", () => {
    const style = brandStyle({ primaryColor: "#0f5132", secondaryColor: "#198754" }, "light");
    expect(style["--color-primary"]).toBe("#0f5132");
    expect(style["--color-secondary"]).toBe("#198754");
  });

  it("falls back to the defaults for a malformed colour", () => {
    const style = brandStyle({ primaryColor: "red;}", secondaryColor: "" }, "light");
    expect(style["--color-primary"]).toBe("#242F51");
    expect(style["--color-secondary"]).toBe("#384878");
  });

  it("keeps text readable on and beside any brand colour", () => {
    for (const primary of ["#242F51", "#FFE5EC", "#FFFF00", "#33000E"]) {
      for (const theme of ["light", "dark"] as const) {
        const style = brandStyle({ primaryColor: primary, secondaryColor: primary }, theme);
        expect(contrastRatio(style["--color-on-primary"]!, primary)).toBeGreaterThanOrEqual(4.5);
        const page = theme === "dark" ? "#0f1115" : "#ffffff";
        expect(contrastRatio(style["--color-primary-ink"]!, page)).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});
