import { describe, expect, it } from "vitest";
import { cn } from "~/lib/cn";

describe("cn", () => {
  it("joins truthy classes and nested lists", () => {
    expect(cn("a", false, null, undefined, 0, ["b", ["c", false]], "  d  e ")).toBe("a b c d e");
  });

  it("lets a later class replace an earlier one of the same kind", () => {
    expect(cn("inline-flex px-5 bg-primary text-on-primary", "px-3 bg-card")).toBe(
      "inline-flex text-on-primary px-3 bg-card",
    );
    expect(cn("rounded-md", "rounded-full")).toBe("rounded-full");
    expect(cn("inline-flex", "hidden")).toBe("hidden");
    expect(cn("font-bold", "font-extrabold")).toBe("font-extrabold");
    expect(cn("mt-8", "mt-4")).toBe("mt-4");
  });

  it("keeps classes of different kinds, sides or variants", () => {
    expect(cn("text-sm text-ink text-center")).toBe("text-sm text-ink text-center");
    expect(cn("px-4 py-2 ms-2 me-2")).toBe("px-4 py-2 ms-2 me-2");
    expect(cn("bg-page hover:bg-card")).toBe("bg-page hover:bg-card");
    expect(cn("gap-2 gap-x-4")).toBe("gap-2 gap-x-4");
    expect(cn("min-h-11 h-4 w-full min-w-0")).toBe("min-h-11 h-4 w-full min-w-0");
  });

  it("drops exact duplicates and keeps unknown classes", () => {
    expect(cn("underline underline", "sr-only")).toBe("underline sr-only");
  });
});
