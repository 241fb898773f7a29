/**
 * Which requests take the short way to the page cache (issue 41, server/app.ts): judged from the
 * method and the raw target alone, before any middleware.
 */
import { describe, expect, it } from "vitest";
import { mayBeCachedPage } from "../../server/edge/page-cache";

describe("mayBeCachedPage", () => {
  it("takes GET and HEAD of storefront pages and their .data, with or without a query", () => {
    for (const target of [
      "/",
      "/?lng=ar",
      "/products",
      "/products/red-dye",
      "/products/red-dye.data",
      "/_root.data",
      "/categories/a/b",
      "/about",
      "/contact?x=1",
    ]) {
      expect(mayBeCachedPage("GET", target), target).toBe(true);
      expect(mayBeCachedPage("HEAD", target), target).toBe(true);
    }
  });

  it("leaves everything else to the ordinary way", () => {
    expect(mayBeCachedPage("POST", "/products")).toBe(false);
    expect(mayBeCachedPage("OPTIONS", "/")).toBe(false);
    expect(mayBeCachedPage("GET", undefined)).toBe(false);
    // Named like files of public/, which the asset middleware answers first.
    expect(mayBeCachedPage("GET", "/robots.txt")).toBe(false);
    expect(mayBeCachedPage("GET", "/sitemap.xml")).toBe(false);
    for (const target of [
      "/assets/app.js",
      "/favicon.svg",
      "/healthz",
      "/_page-cache",
      "/_tls/ask",
      "/cart",
      "/admin",
      "/products/a/b",
      "/login",
    ]) {
      expect(mayBeCachedPage("GET", target), target).toBe(false);
    }
  });
});
