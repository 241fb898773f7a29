/**
 * The build's static files (server/edge/built-assets.ts): fingerprinted assets under /assets for
 * a year, public/'s files at the root for an hour, and every other path straight to the page
 * route without a look at the disk (a file that appears at the root later is not served).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtAssets } from "../../server/edge/built-assets";
import { startEdge, type EdgeServer } from "../helpers/edge-app";

let root: string;
let edge: EdgeServer;

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), "built-assets-"));
  mkdirSync(path.join(root, "assets"));
  writeFileSync(path.join(root, "assets", "entry-AbC123.js"), "console.log(1);");
  writeFileSync(path.join(root, "favicon.svg"), "<svg/>");
  edge = await startEdge({ assets: [builtAssets(root)] });
});

afterAll(async () => {
  await edge.close();
  rmSync(root, { recursive: true, force: true });
});

describe("the build's static files", () => {
  it("serves a fingerprinted asset for a year and public files for an hour", async () => {
    const asset = await fetch(`${edge.origin}/assets/entry-AbC123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await asset.text()).toBe("console.log(1);");
    const icon = await fetch(`${edge.origin}/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(await icon.text()).toBe("<svg/>");
  });

  it("hands every other path to the page route, without looking for a file", async () => {
    writeFileSync(path.join(root, "products"), "not a page");
    const page = await fetch(`${edge.origin}/products`);
    expect(page.status).toBe(200);
    expect(((await page.json()) as { url: string }).url).toMatch(/\/products$/);
    const missing = await fetch(`${edge.origin}/assets/gone-123.js`);
    expect(((await missing.json()) as { url: string }).url).toMatch(/\/assets\/gone-123\.js$/);
    const post = await fetch(`${edge.origin}/favicon.svg`, { method: "POST" });
    expect(((await post.json()) as { method: string }).method).toBe("POST");
  });
});
