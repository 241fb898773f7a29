import { describe, expect, it } from "vitest";
import ar from "~/locales/ar.json";
import en from "~/locales/en.json";
import { AUDIT_ACTIONS } from "~/services/audit/actions";

/** The string at `path` (dot-separated) in a locale's tree, or undefined. */
function labelAt(tree: unknown, path: string): unknown {
  return path
    .split(".")
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], tree);
}

describe("the activity log's actions", () => {
  it.each([
    ["en", en],
    ["ar", ar],
  ] as const)("each has its label in %s, so the log never shows a raw action name", (_, locale) => {
    const missing = AUDIT_ACTIONS.filter(
      (action) => typeof labelAt(locale, `staffRoles.activity.actions.${action}`) !== "string",
    );
    expect(missing).toEqual([]);
  });
});
