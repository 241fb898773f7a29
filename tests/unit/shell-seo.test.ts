import { describe, expect, it } from "vitest";
// The server module provides every dictionary, as it does in the app.
import "~/lib/i18n.server";
import { oneFullStop, pageTitle, seo } from "~/lib/seo";
import type { Shell } from "~/lib/shell";

const shell = (locale: "en" | "ar", siteName: string | null): Shell => ({
  locale,
  dir: locale === "ar" ? "rtl" : "ltr",
  theme: "light",
  origin: "http://dyes.localhost:3000",
  brand: { primaryColor: "#112233", secondaryColor: "#445566" },
  siteName,
});

const content = (tags: ReturnType<typeof seo>, key: string) =>
  (tags as Record<string, string>[]).find((tag) => tag.property === key || tag.name === key)?.content;

describe("pageTitle", () => {
  it("is '{page} | {site}'", () => {
    expect(pageTitle("Cart", "Dye & Shade Co.")).toBe("Cart | Dye & Shade Co.");
  });
  it("is the site alone without a page", () => {
    expect(pageTitle(undefined, "Dye & Shade Co.")).toBe("Dye & Shade Co.");
    expect(pageTitle("  ", "Dye & Shade Co.")).toBe("Dye & Shade Co.");
  });
});

describe("seo", () => {
  it("builds title, Open Graph and theme colour from the root data", () => {
    const tags = seo({
      matches: [{ id: "root", data: { shell: shell("en", "Dye & Shade Co.") } }],
      page: (t) => t("meta.home"),
      path: "/",
    });
    expect(tags).toContainEqual({ title: "Home | Dye & Shade Co." });
    expect(content(tags, "og:locale")).toBe("en_IE");
    expect(content(tags, "og:image")).toBe("http://dyes.localhost:3000/social.png");
    expect(content(tags, "og:image:width")).toBe("1280");
    expect(content(tags, "og:image:height")).toBe("720");
    expect(content(tags, "theme-color")).toBe("#112233");
    expect(content(tags, "og:url")).toBe("http://dyes.localhost:3000/");
    expect(content(tags, "description")).toContain("Dye & Shade Co.");
  });

  it("ends the store's description with one full stop when the name ends in one (issue 39)", () => {
    for (const locale of ["en", "ar"] as const) {
      const tags = seo({ matches: [{ id: "root", data: { shell: shell(locale, "Dye & Shade Co.") } }] });
      const description = content(tags, "description")!;
      expect(description.endsWith("Dye & Shade Co."), description).toBe(true);
      expect(content(tags, "og:description")).toBe(description);
      // A name without one still gets the sentence's.
      const plain = seo({ matches: [{ id: "root", data: { shell: shell(locale, "Ink Atelier") } }] });
      expect(content(plain, "description")!.endsWith("Ink Atelier.")).toBe(true);
    }
    expect(oneFullStop("Shop online at Yes!.", "Yes!")).toBe("Shop online at Yes!");
    expect(oneFullStop("Co. is open.", "Co.")).toBe("Co. is open.");
  });

  it("speaks Arabic with og:locale ar_AR, and names the platform on the platform host", () => {
    const tags = seo({
      matches: [{ id: "root", data: { shell: shell("ar", null) } }],
      page: (t) => t("meta.home"),
    });
    expect(tags).toContainEqual({ title: "الرئيسية | منشئ المتاجر" });
    expect(content(tags, "og:locale")).toBe("ar_AR");
  });

  it("finds the shell the root threw for an unknown host", () => {
    const error = { status: 404, data: { shell: shell("en", null), reason: "store-not-found" } };
    const tags = seo({
      matches: [{ id: "root", data: undefined }],
      error,
      page: (t) => t("meta.storeNotFound"),
    });
    expect(tags).toContainEqual({ title: "Store not found | Storefront Builder" });
  });
});
