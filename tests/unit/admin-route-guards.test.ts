/**
 * Every admin route declares the permission it needs (issue 36, decision 041): each file of
 * app/routes whose name starts with "admin" exports its loader and action through a wrapper that
 * takes a permission first — `adminLoader(guard, …)`, `adminAction(guard, …)`,
 * `schemaFormAction(guard, …)`, `intentAction(guards, …)` (one per intent, or one for all) or
 * `adminFormAction(guardOf, …)` — and every permission named is one of app/lib/permissions.ts.
 * A new admin route without one fails here.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ADMIN_NAV } from "~/components/admin/nav-entries";
import {
  ANY_STAFF,
  isPermission,
  PERMISSIONS,
  PRESET_PERMISSIONS,
  STAFF_PRESETS,
  permissionsOf,
} from "~/lib/permissions";

const ROUTES = path.resolve("app/routes");
const adminFiles = readdirSync(ROUTES).filter((file) => /^admin/.test(file) && /\.tsx?$/.test(file));

/** The wrapper call that starts an export's expression, with what follows it. */
const GUARDED =
  /^(?:resourceRoute\(\s*)?(adminLoader|adminAction|schemaFormAction|intentAction|adminFormAction|parsedAction)\(\s*/;

function exportsOf(source: string) {
  return [...source.matchAll(/export (const|async function|function) (loader|action)\b(?: = )?/g)].map(
    (m) => ({
      kind: m[2]!,
      declaredAs: m[1]!,
      rest: source.slice(m.index! + m[0].length, m.index! + m[0].length + 2000),
    }),
  );
}

describe("admin route guards", () => {
  it("finds the admin routes", () => {
    expect(adminFiles.length).toBeGreaterThan(30);
  });

  it("every admin loader and action declares a permission", () => {
    const missing: string[] = [];
    for (const file of adminFiles) {
      const source = readFileSync(path.join(ROUTES, file), "utf8");
      for (const exported of exportsOf(source)) {
        const label = `${file}: ${exported.kind}`;
        if (exported.declaredAs !== "const") {
          missing.push(`${label} is a plain function (use a wrapper)`);
          continue;
        }
        const wrapper = GUARDED.exec(exported.rest);
        if (!wrapper) {
          missing.push(`${label} has no guarded wrapper`);
          continue;
        }
        const after = exported.rest.slice(wrapper[0].length);
        if (wrapper[1] === "adminFormAction") {
          // The permission comes from the form: a named function or an arrow returning guards.
          if (!/guardOfIntent:/.test(source)) missing.push(`${label}: adminFormAction without guardOfIntent`);
          continue;
        }
        if (wrapper[1] === "intentAction" && after.startsWith("{")) {
          const map = after.slice(0, after.indexOf("}") + 1);
          const named = [...map.matchAll(/:\s*"([^"]+)"/g)].map((m) => m[1]!);
          if (named.length === 0 || !named.every(isPermission)) missing.push(`${label}: ${map}`);
          continue;
        }
        const guard = /^(ANY_STAFF|"([^"]+)")\s*,/.exec(after);
        if (!guard) missing.push(`${label}: no permission before the handler`);
        else if (guard[2] !== undefined && !isPermission(guard[2]))
          missing.push(`${label}: unknown "${guard[2]}"`);
      }
      // No wrapper call anywhere in the file without its permission (a helper export, say).
      for (const call of source.matchAll(
        /\b(adminLoader|adminAction|schemaFormAction)\((?!\s*(ANY_STAFF|")|\s*\))/g,
      )) {
        missing.push(`${file}: ${call[1]}( without a permission`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("every menu entry names a permission its page's loader uses", () => {
    for (const entry of ADMIN_NAV) {
      expect(entry.guard === ANY_STAFF || isPermission(entry.guard), entry.to).toBe(true);
    }
  });

  it("presets hold only known permissions; the Owner all of them", () => {
    for (const preset of STAFF_PRESETS) expect(PRESET_PERMISSIONS[preset].every(isPermission)).toBe(true);
    expect([...PRESET_PERMISSIONS.owner].sort()).toEqual([...PERMISSIONS].sort());
    expect(PRESET_PERMISSIONS.manager).not.toContain("staff.manage");
    expect(PRESET_PERMISSIONS.manager).not.toContain("billing.manage");
  });

  it("a shopper holds nothing; an admin without a role is an Owner; an unknown preset holds nothing", () => {
    expect(permissionsOf({ isAdmin: false, staffPreset: "owner", rolePermissions: null })).toEqual([]);
    expect(permissionsOf({ isAdmin: true, staffPreset: null, rolePermissions: null })).toHaveLength(
      PERMISSIONS.length,
    );
    expect(permissionsOf({ isAdmin: true, staffPreset: "nobody", rolePermissions: null })).toEqual([]);
    expect(
      permissionsOf({ isAdmin: true, staffPreset: null, rolePermissions: ["orders.view", "x.y"] }),
    ).toEqual(["orders.view"]);
  });
});
