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

  it("knows groups that overlap: all sides against one side, borders, rings", () => {
    // Padding on every side replaces earlier per-side padding; a side after it refines it.
    expect(cn("px-2 py-1", "p-4")).toBe("p-4");
    expect(cn("p-4", "px-2")).toBe("p-4 px-2");
    expect(cn("border border-line", "border-0")).toBe("border-line border-0");
    expect(cn("border-line", "border-red-700")).toBe("border-red-700");
    expect(cn("ring-2 ring-primary", "ring-4")).toBe("ring-primary ring-4");
    expect(cn("max-sm:p-3", "max-sm:p-0")).toBe("max-sm:p-0");
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
