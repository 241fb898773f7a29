/**
 * The cutting and filling of a signed-in page's shared copy (decision 031): tokens found in the
 * markup, the stream scripts and `.data`, each value escaped for its place, the gzip answer made
 * of kept deflate pieces reading back as the filled page, and the refusals.
 */
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  crc32Combine,
  cutTemplate,
  escapeFor,
  fillGzip,
  fillIdentity,
  shapeOf,
  templatable,
  templateFor,
  valuesOf,
  type PageViewer,
} from "../../server/page-cache/personal";

const viewer: PageViewer = {
  name: `Zoë "Q" O'Brien & <Ünal>\u2028`,
  email: "zoe@example.test",
  isAdmin: false,
  imageId: null,
  cartLineCount: 3,
  product: { inWishlist: true, cartQuantity: 2, reviewed: false },
};

/** A page as Remix renders it: markup, then the data as a stream script holding a JSON string. */
function page(name: string, initial: string, count: number, quantity: number, extra = "") {
  const data = JSON.stringify([{ _1: 2 }, "viewer", name, "cartCount", count, "quantity", quantity]);
  const script = `window.__remixContext.streamController.enqueue(${JSON.stringify(data).replace(
    /[&<>\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  )});`;
  const escaped = (text: string) =>
    text
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&#x27;");
  return (
    `<html><body><span>${escaped(initial)}</span><a>Cart (${count})</a><p title="${escaped(name)}">${quantity} in your cart</p>` +
    `${extra}<script type="application/ld+json">{"a":1}</script><script nonce="n">${script}</script></body></html>`
  );
}

describe("a signed-in page's shared copy", () => {
  it("fills each token with the viewer's value, escaped for where it stands", () => {
    const { template, tokens } = templateFor(viewer);
    const rendered = page(
      template.viewer.name,
      template.viewer.initial,
      template.cartCount,
      template.product!.cartQuantity,
    );
    const cut = cutTemplate(Buffer.from(rendered), tokens, "html");
    expect(cut).not.toBeNull();
    expect(cut!.slots.map((slot) => `${slot.name}:${slot.context}`)).toEqual([
      "initial:html",
      "cartCount:html",
      "name:html",
      "cartQuantity:html",
      "name:stream",
      "cartCount:stream",
      "cartQuantity:stream",
    ]);
    const values = valuesOf(viewer);
    const expected = page(viewer.name, "Z", 3, 2);
    expect(fillIdentity(cut!, values).toString()).toBe(expected);
    expect(zlib.gunzipSync(fillGzip(cut!, values)).toString()).toBe(expected);
  });

  it("fills a .data body's JSON strings", () => {
    const { template, tokens } = templateFor(viewer);
    const body = JSON.stringify([{ _1: 2 }, "name", template.viewer.name, "count", template.cartCount]);
    const cut = cutTemplate(Buffer.from(body), tokens, "json")!;
    const filled = fillIdentity(cut, valuesOf(viewer)).toString();
    expect(JSON.parse(filled)).toEqual([{ _1: 2 }, "name", viewer.name, "count", 3]);
  });

  it("reads back pages of any size through gzip, values of any length as stored blocks", () => {
    const { template, tokens } = templateFor({ ...viewer, name: "x".repeat(70_000) });
    const big = "<p>" + "lorem ipsum ".repeat(20_000) + `${template.viewer.name}</p>`;
    const cut = cutTemplate(Buffer.from(big), tokens, "html")!;
    const values = valuesOf({ ...viewer, name: "y".repeat(70_000) });
    expect(zlib.gunzipSync(fillGzip(cut, values)).toString()).toBe(fillIdentity(cut, values).toString());
  });

  it("refuses a token in a script other than the data stream, or a token it could not place", () => {
    const { template, tokens } = templateFor(viewer);
    const inScript = `<script>var a = "${template.viewer.name}";</script>`;
    expect(cutTemplate(Buffer.from(inScript), tokens, "html")).toBeNull();
    const mangled = `<p>${template.viewer.name.slice(0, -3)}</p>`;
    expect(cutTemplate(Buffer.from(mangled), tokens, "html")).toBeNull();
  });

  it("keys the viewer's shape, never their words, and renders their own review in full", () => {
    expect(shapeOf(viewer)).toBe("viewer:a0i0c1w1q1");
    expect(shapeOf({ ...viewer, name: "Other", cartLineCount: 9 })).toBe(shapeOf(viewer));
    expect(shapeOf({ ...viewer, cartLineCount: 0, product: null, isAdmin: true })).toBe("viewer:a1i0c0p0");
    expect(templatable(viewer)).toBe(true);
    expect(templatable({ ...viewer, product: { ...viewer.product!, reviewed: true } })).toBe(false);
    expect(templatable({ ...viewer, imageId: "../x" })).toBe(false);
  });

  it("escapes like React in markup and like Remix in the stream script", () => {
    expect(escapeFor("html", "name", `<a href="x">'&'</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;&#x27;&amp;&#x27;&lt;/a&gt;",
    );
    expect(escapeFor("json", "name", `a"b\\c`)).toBe(`a\\"b\\\\c`);
    expect(escapeFor("stream", "name", `</script>"`)).toBe(`\\u003c/script\\u003e\\\\\\"`);
    expect(escapeFor("html", "cartCount", "12")).toBe("12");
  });
});

describe("the kept pieces' checksums", () => {
  it("combines two CRC-32s into the CRC of the bytes one after the other, as zlib computes it", () => {
    const samples = ["", "a", "hello, ", "world".repeat(3), "x".repeat(70_001), "\u00e9\u2028<>"];
    for (const a of samples) {
      for (const b of samples) {
        const [left, right] = [Buffer.from(a), Buffer.from(b)];
        expect(crc32Combine(zlib.crc32(left), zlib.crc32(right), right.byteLength)).toBe(
          zlib.crc32(Buffer.concat([left, right])),
        );
      }
    }
  });

  it("keeps only the compressed pieces, and still answers a client that takes no gzip", () => {
    const { template, tokens } = templateFor(viewer);
    const rendered = `${template.viewer.name}<p>${"text ".repeat(5_000)}${template.cartCount}</p>${template.viewer.name}`;
    const cut = cutTemplate(Buffer.from(rendered), tokens, "html")!;
    expect(Object.keys(cut).sort()).toEqual(["crcs", "deflated", "lengths", "shifts", "slots"]);
    expect(cut.deflated.reduce((sum, piece) => sum + piece.byteLength, 0)).toBeLessThan(1_000);
    const values = valuesOf(viewer);
    const expected = `Zoë &quot;Q&quot; O&#x27;Brien &amp; &lt;Ünal&gt;\u2028<p>${"text ".repeat(5_000)}3</p>Zoë &quot;Q&quot; O&#x27;Brien &amp; &lt;Ünal&gt;\u2028`;
    expect(fillIdentity(cut, values).toString()).toBe(expected);
    expect(zlib.gunzipSync(fillGzip(cut, values)).toString()).toBe(expected);
  });
});
