import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { Button, buttonClass } from "~/components/ui/Button";
import { renderAt } from "./support/render-kit";

describe("Button", () => {
  it("is a submit button by default, in the primary look", async () => {
    const html = await renderAt("/", createElement(Button, null, "Save"));
    expect(html).toMatch(
      /^<button type="submit" class="[^"]*bg-primary[^"]*text-on-primary[^"]*">Save<\/button>$/,
    );
  });

  it("with `to` is a link with the same classes as the button", async () => {
    const html = await renderAt(
      "/cart",
      createElement(Button, { to: "/checkout", className: "w-full" }, "Checkout"),
    );
    expect(html).toContain('href="/checkout"');
    expect(html).toMatch(/^<a /);
    // The same classes as a <button> given the same className, rendered through the other branch.
    const button = await renderAt("/cart", createElement(Button, { className: "w-full" }, "Checkout"));
    const classOf = (markup: string) => /class="([^"]*)"/.exec(markup)![1]!.split(" ").sort();
    expect(classOf(html)).toEqual(classOf(button));
    expect(classOf(html)).toContain("w-full");
    expect(classOf(html)).toContain("bg-primary");
  });

  it("lets a caller's classes replace the variant's", () => {
    const classes = buttonClass({ variant: "secondary", className: "bg-transparent px-3" }).split(" ");
    expect(classes).toContain("bg-transparent");
    expect(classes).not.toContain("bg-page");
    expect(classes).toContain("px-3");
    expect(classes).not.toContain("px-5");
  });

  it("has a variant for every use and keeps a 44 px target except the small size", () => {
    for (const variant of ["primary", "secondary", "danger", "ghost", "link", "nav"] as const) {
      expect(buttonClass({ variant })).toContain("min-h-11");
    }
    expect(buttonClass({ size: "sm" })).toContain("min-h-9");
    expect(buttonClass({ variant: "danger" })).toContain("bg-red-700");
  });
});
