/** Which variant a choice of option values means, in the browser and on the server (decision 023). */
import { describe, expect, it } from "vitest";
import { findVariant, initialChoice, valueStateWith, withVariant } from "~/lib/variant-choice";

const options = [{ values: [{ id: "s" }, { id: "l" }] }, { values: [{ id: "matte" }, { id: "shiny" }] }];
const variants = [
  { id: "v1", valueIds: ["s", "matte", null], stock: 0 },
  { id: "v2", valueIds: ["s", "shiny", null], stock: 4 },
  { id: "v3", valueIds: ["l", "matte", null], stock: 2 },
];
const params = (query: string) => new URLSearchParams(query);

describe("findVariant", () => {
  it("finds the variant with exactly the chosen values, and none for a combination not sold", () => {
    expect(findVariant(variants, ["l", "matte"])?.id).toBe("v3");
    expect(findVariant(variants, ["l", "shiny"])).toBeUndefined();
    expect(findVariant(variants, ["s"])).toBeUndefined();
    expect(findVariant([{ id: "only", valueIds: [null, null, null] }], [])?.id).toBe("only");
  });
});

describe("initialChoice", () => {
  it("starts at ?variant=, else the values sent, else the first variant in stock", () => {
    const product = { options, variants };
    expect(initialChoice(product, params("variant=v3"))).toEqual({
      values: ["l", "matte"],
      fromOptions: false,
    });
    expect(initialChoice(product, params(""))).toEqual({ values: ["s", "shiny"], fromOptions: false });
    expect(initialChoice(product, params("variant=nope"))).toEqual({
      values: ["s", "shiny"],
      fromOptions: false,
    });
    expect(initialChoice(product, params("option1=l&option2=shiny"))).toEqual({
      values: ["l", "shiny"],
      fromOptions: true,
    });
    // A value that is not the option's counts as not chosen.
    expect(initialChoice(product, params("option1=matte"))).toEqual({
      values: [null, null],
      fromOptions: true,
    });
    // Nothing in stock: the first variant.
    const soldOut = { options, variants: variants.map((v) => ({ ...v, stock: 0 })) };
    expect(initialChoice(soldOut, params("")).values).toEqual(["s", "matte"]);
    // Without options there is nothing to choose, whatever the address says.
    const plain = { options: [], variants: [{ id: "p", valueIds: [null, null, null], stock: 1 }] };
    expect(initialChoice(plain, params("option1=s"))).toEqual({ values: [], fromOptions: false });
  });
});

describe("withVariant", () => {
  it("names the variant in a product page's address and leaves other paths alone", () => {
    expect(withVariant("/products/red", "v1")).toBe("/products/red?variant=v1");
    expect(withVariant("/products/red?lng=ar&variant=old", "v2")).toBe("/products/red?lng=ar&variant=v2");
    expect(withVariant("/cart", "v1")).toBe("/cart");
  });
});

describe("valueStateWith", () => {
  it("marks a value by the variant it would make with the other options as chosen", () => {
    // Shiny chosen: S shiny has 4, L shiny is not sold at all.
    expect(valueStateWith(variants, ["s", "shiny"], 0, "s")).toBe("available");
    expect(valueStateWith(variants, ["s", "shiny"], 0, "l")).toBe("unavailable");
    // S chosen: S matte is sold out, though L matte is in stock.
    expect(valueStateWith(variants, ["s", "shiny"], 1, "matte")).toBe("sold-out");
    expect(valueStateWith(variants, ["l", "matte"], 1, "matte")).toBe("available");
    // With another option not chosen yet, nothing is marked.
    expect(valueStateWith(variants, [null, "matte"], 1, "shiny")).toBe("available");
  });
});
