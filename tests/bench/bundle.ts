/**
 * The JavaScript budget (DESIGN §9): every storefront page loads at most 110 KB of gzipped
 * JavaScript at start (entry, root and the route's own chunks with everything they import).
 * Reads the client build's route manifest; code loaded later on demand (form validation on
 * focus, toasts) is not counted. `npx tsx tests/bench/bundle.ts` prints the table; scripts/test.ts
 * runs it as a suite after the build.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

export const BUDGET_BYTES = 110_000;
/** Pages that are not the storefront: the admin area, the platform's own pages, test routes. */
const NOT_STOREFRONT = /^routes\/(admin|platform|bench|resources)([._]|$)/;

interface ManifestRoute {
  id: string;
  parentId?: string;
  module: string;
  imports?: string[];
}
interface Manifest {
  entry: { module: string; imports?: string[] };
  routes: Record<string, ManifestRoute>;
}

export interface PageBundle {
  route: string;
  bytes: number;
  withinBudget: boolean;
}

function readManifest(clientDir: string): Manifest {
  const assets = path.join(clientDir, "assets");
  const file = readdirSync(assets)
    .filter((name) => /^manifest-.*\.js$/.test(name))
    .map((name) => path.join(assets, name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  if (!file) throw new Error(`no route manifest in ${assets}: build first`);
  const source = readFileSync(file, "utf8");
  return JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as Manifest;
}

/** Resource routes (robots.txt, logout…) have no component, so no page JavaScript to count. */
function rendersPage(routeId: string): boolean {
  const source = [".tsx", ".ts"]
    .map((ext) => path.join("app", `${routeId}${ext}`))
    .find((file) => existsSync(file));
  return source ? /export default /.test(readFileSync(source, "utf8")) : true;
}

export function measurePageBundles(clientDir = "build/client"): PageBundle[] {
  const manifest = readManifest(clientDir);
  const sizes = new Map<string, number>();
  const gzipped = (file: string) => {
    let size = sizes.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(clientDir, file)), { level: 9 }).byteLength;
      sizes.set(file, size);
    }
    return size;
  };
  return Object.values(manifest.routes)
    .filter((route) => route.id !== "root" && !NOT_STOREFRONT.test(route.id) && rendersPage(route.id))
    .map((route) => {
      const files = new Set([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
      for (
        let r: ManifestRoute | undefined = route;
        r;
        r = r.parentId ? manifest.routes[r.parentId] : undefined
      ) {
        files.add(r.module);
        for (const file of r.imports ?? []) files.add(file);
      }
      const bytes = [...files].reduce((sum, file) => sum + gzipped(file), 0);
      return { route: route.id, bytes, withinBudget: bytes <= BUDGET_BYTES };
    })
    .sort((a, b) => b.bytes - a.bytes);
}

/** One line per page, largest first, then the budget. */
export function bundleTable(pages: PageBundle[]): string {
  return [
    ...pages.map(
      (page) =>
        `${page.withinBudget ? "ok  " : "OVER"}  ${(page.bytes / 1000).toFixed(1).padStart(6)} kB  ${page.route}`,
    ),
    `budget ${BUDGET_BYTES / 1000} kB gzip per page`,
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const pages = measurePageBundles();
  console.log(bundleTable(pages));
  process.exitCode = pages.every((page) => page.withinBudget) ? 0 : 1;
}
