/**
 * Code comments cite the design and the specification as `DESIGN §n` and `SPEC §n`: the cited
 * documents are in the repository (docs/DESIGN.md, docs/SPEC.md), and every cited section is a
 * heading of them, so a reader of the repository alone can follow each citation.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";

const ROOTS = ["app", "server", "tests", "scripts", "docs/decisions"];
const CITATION = /\b(DESIGN|SPEC)(?:\.md)? §(\d+)/g;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (/\.(ts|tsx|md|sql|css)$/.test(name)) yield path;
  }
}

const sectionsOf = (document: string) =>
  new Set([...readFileSync(`docs/${document}.md`, "utf8").matchAll(/^## (\d+)\. /gm)].map((m) => m[1]));

it("every DESIGN §n and SPEC §n cited in the code is a section of docs/DESIGN.md or docs/SPEC.md", () => {
  const sections = { DESIGN: sectionsOf("DESIGN"), SPEC: sectionsOf("SPEC") };
  const dangling: string[] = [];
  let cited = 0;
  for (const root of ROOTS) {
    for (const path of files(root)) {
      for (const [text, document, section] of readFileSync(path, "utf8").matchAll(CITATION)) {
        cited++;
        if (!sections[document as "DESIGN" | "SPEC"].has(section!)) dangling.push(`${path}: ${text}`);
      }
    }
  }
  expect(cited).toBeGreaterThan(100);
  expect(dangling).toEqual([]);
});
