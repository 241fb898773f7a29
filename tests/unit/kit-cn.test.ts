import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { twMerge } from "tailwind-merge";
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
    expect(cn("leading-6 text-ink", "text-sm")).toBe("text-ink text-sm");
  });

  it("keeps classes of different kinds, sides or variants, and names that are not Tailwind's", () => {
    expect(cn("text-sm text-ink text-center")).toBe("text-sm text-ink text-center");
    expect(cn("px-4 py-2 ms-2 me-2")).toBe("px-4 py-2 ms-2 me-2");
    expect(cn("bg-page hover:bg-card")).toBe("bg-page hover:bg-card");
    expect(cn("gap-2 gap-x-4")).toBe("gap-2 gap-x-4");
    expect(cn("min-h-11 h-4 w-full min-w-0")).toBe("min-h-11 h-4 w-full min-w-0");
    expect(cn("order-1", "order-status")).toBe("order-1 order-status");
    expect(cn("constructor", "__proto__", "toString")).toBe("constructor __proto__ toString");
  });

  it("drops repeats and keeps unknown classes", () => {
    expect(cn("underline underline", "sr-only")).toBe("underline sr-only");
    expect(cn("order-status order-status", "sr-only")).toBe("order-status sr-only");
  });

  // The merge is tailwind-merge's (decision 028) without its 8 KB in every page: for every pair
  // of class names written anywhere in app/, cn gives what tailwind-merge gives.
  it("gives tailwind-merge's answer for every pair of classes the app writes", async () => {
    const files = execFileSync("git", ["ls-files", "app/*.ts", "app/*.tsx"], { encoding: "utf8" })
      .trim()
      .split("\n")
      .filter((file) => file !== "app/lib/cn.ts");
    const words = new Set<string>();
    for (const file of files) {
      for (const [, , text] of readFileSync(file, "utf8").matchAll(/(["'`])((?:(?!\1)[^\\\n])*)\1/g)) {
        for (const word of text!.split(/\s+/)) if (word && !word.includes("${")) words.add(word);
      }
    }
    // tailwind-merge keeps repeats of a class it does not know ("foo foo"); cn drops them.
    const merged = (...classes: string[]) =>
      [
        ...new Set(
          twMerge(...classes)
            .split(" ")
            .reverse(),
        ),
      ]
        .reverse()
        .join(" ");
    // Only Tailwind's classes can conflict: pairs of them under the same variants.
    const known = [...words].filter((word) => twMerge(word, word) === word);
    expect(known.length).toBeGreaterThan(300);
    const byVariant = new Map<string, string[]>();
    for (const word of known) {
      const variant = word.slice(0, Math.max(0, word.lastIndexOf(":")));
      byVariant.set(variant, [...(byVariant.get(variant) ?? []), word]);
    }
    const differ: string[] = [];
    for (const group of byVariant.values()) {
      for (const first of group) {
        // Seconds of pairs: the fork's event loop answers vitest's RPC in between (a fork blocked
        // for a minute on a loaded machine misses its RPC deadlines, which fails the whole run).
        await new Promise((resolve) => setImmediate(resolve));
        for (const second of group) {
          if (first !== second && cn(first, second) !== merged(first, second))
            differ.push(`${first} ${second}`);
        }
      }
    }
    expect(differ).toEqual([]);
  });
});
