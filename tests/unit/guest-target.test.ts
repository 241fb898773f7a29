import { describe, expect, it } from "vitest";
import { guestTarget } from "~/lib/guest-target";

describe("Continue As Guest's target", () => {
  it("is the store's home for a page that needs signing in", () => {
    for (const path of [
      "/checkout",
      "/cart",
      "/wishlist",
      "/orders",
      "/orders/1042",
      "/profile/password",
      "/admin/dashboard",
      "/cart?x=1",
    ])
      expect(guestTarget(path), path).toBe("/");
  });

  it("is the page the guest came from when a guest may see it", () => {
    expect(guestTarget("/products/indigo?lng=ar")).toBe("/products/indigo?lng=ar");
    expect(guestTarget("/categories/fabric-dyes")).toBe("/categories/fabric-dyes");
    // A page whose name only starts like a signed-in one.
    expect(guestTarget("/cartography")).toBe("/cartography");
    expect(guestTarget("")).toBe("/");
  });
});
