/**
 * Decision 051: the service domains are layered, a domain importing only domains below it. This
 * reads every file under app/services, builds the graph of domain imports (type imports count,
 * relative ones too) and fails on any cycle, naming it, so a new import that points up is seen
 * where it is written.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SERVICES = path.resolve("app/services");

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The domains a file's imports (static, type and dynamic) name, by alias or relative path. */
export function importedDomains(file: string, source: string): string[] {
  const specifiers = [...source.matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)].map((match) => match[1]!);
  return specifiers.flatMap((specifier) => {
    const target = specifier.startsWith("~/services/")
      ? path.join(SERVICES, specifier.slice("~/services/".length))
      : specifier.startsWith(".")
        ? path.resolve(path.dirname(file), specifier)
        : null;
    if (!target || !target.startsWith(SERVICES + path.sep)) return [];
    return [path.relative(SERVICES, target).split(path.sep)[0]!];
  });
}

/** Adds a file's imports of other domains to the graph, as edges of the file's own domain. */
function addFile(graph: Map<string, Set<string>>, file: string, source: string): void {
  const domain = path.relative(SERVICES, file).split(path.sep)[0]!;
  const edges = graph.get(domain) ?? new Set<string>();
  graph.set(domain, edges);
  for (const imported of importedDomains(file, source)) if (imported !== domain) edges.add(imported);
}

export function domainGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of filesUnder(SERVICES)) addFile(graph, file, readFileSync(file, "utf8"));
  return graph;
}

/** One cycle of the graph as a path (first domain repeated at the end), or null. */
export function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, "open" | "done">();
  const trail: string[] = [];
  const visit = (domain: string): string[] | null => {
    if (state.get(domain) === "done") return null;
    if (state.get(domain) === "open") return [...trail.slice(trail.indexOf(domain)), domain];
    state.set(domain, "open");
    trail.push(domain);
    for (const next of graph.get(domain) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    trail.pop();
    state.set(domain, "done");
    return null;
  };
  for (const domain of [...graph.keys()].sort()) {
    const cycle = visit(domain);
    if (cycle) return cycle;
  }
  return null;
}

describe("service domain layers (decision 051)", () => {
  it("has no import cycle between domains", () => {
    const cycle = findCycle(domainGraph());
    expect(cycle, cycle ? `domains import each other: ${cycle.join(" → ")}` : "").toBeNull();
  });

  it("sees a cycle through a relative, a type and an aliased import", () => {
    const graph = new Map<string, Set<string>>();
    const add = (file: string, source: string) => addFile(graph, file, source);
    add(path.join(SERVICES, "orders/a.server.ts"), 'import type { Tax } from "../tax/contract";');
    add(
      path.join(SERVICES, "tax/b.server.ts"),
      'import { formatDate } from "~/services/orders/view.server";',
    );
    expect(findCycle(graph)).toEqual(["orders", "tax", "orders"]);
    add(path.join(SERVICES, "tax/b.server.ts"), 'const lazy = await import("~/services/pdf/pdf.server");');
    expect(graph.get("tax")).toEqual(new Set(["orders", "pdf"]));
  });
});
