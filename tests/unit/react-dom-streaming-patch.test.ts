/**
 * Our patch of react-dom 18.3.1's Node streaming renderer (patches/react-dom+18.3.1.patch,
 * decision 035). renderToPipeableStream encodes text into a reusable 2,048-byte buffer with
 * `TextEncoder.encodeInto`, which stops before a multi-byte character that would straddle the
 * buffer's end; as released it then sent the whole buffer, the bytes it never wrote (zeros)
 * included, so a NUL landed in the page in front of that character (an Arabic letter, a "©").
 * The same renders run against both builds the server may load (production and development)
 * as installed, and against a copy with the patch taken out, where they carry the NUL.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { createElement, type ReactNode } from "react";
import type { renderToPipeableStream as RenderToPipeableStream } from "react-dom/server";
import { afterAll, describe, expect, it } from "vitest";

const BUILDS = ["react-dom-server.node.production.min.js", "react-dom-server.node.development.js"];
const require = createRequire(import.meta.url);
const installed = path.resolve("node_modules/react-dom");

// The unpatched copy sits in a node_modules of its own, next to the project's React.
const scratch = mkdtempSync(path.join(tmpdir(), "react-dom-unpatched-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let unpatched: string | null = null;
function unpatchedCopy(): string {
  if (unpatched) return unpatched;
  const modules = path.join(scratch, "node_modules");
  const copy = path.join(modules, "react-dom");
  mkdirSync(modules, { recursive: true });
  cpSync(installed, copy, { recursive: true });
  symlinkSync(path.resolve("node_modules/react"), path.join(modules, "react"));
  execFileSync("patch", [
    "-R",
    "-p3",
    "-s",
    "-d",
    copy,
    "-i",
    path.resolve("patches/react-dom+18.3.1.patch"),
  ]);
  unpatched = copy;
  return copy;
}

function rendererOf(reactDom: string, build: string): typeof RenderToPipeableStream {
  return (
    require(path.join(reactDom, "cjs", build)) as { renderToPipeableStream: typeof RenderToPipeableStream }
  ).renderToPipeableStream;
}

/** Every byte the renderer sends for a tree, once it has sent them all. */
function streamBytes(render: typeof RenderToPipeableStream, tree: ReactNode): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        // The renderer reuses nothing it has handed over, but copy anyway: what was sent, as sent.
        chunks.push(Buffer.from(chunk));
        done();
      },
    });
    sink.on("finish", () => resolve(Buffer.concat(chunks)));
    const { pipe } = render(tree, {
      onAllReady: () => pipe(sink),
      onShellError: reject,
      onError: reject,
    });
  });
}

/**
 * Short pieces of Arabic text (two bytes a letter in UTF-8), each under the 682 characters the
 * renderer hands to `encode` whole, after `pad` ASCII bytes: with pads 0 and 1 one of the two
 * puts a letter across the buffer's 2,048-byte end.
 */
const PHRASE = "درجة اللون";
const ROWS = 120;
function page(pad: number): { tree: ReactNode; html: string } {
  const rows = Array.from({ length: ROWS }, (_, index) => `${PHRASE} ${index}`);
  const tree = createElement(
    "main",
    null,
    "x".repeat(pad),
    rows.map((text, index) => createElement("p", { key: index, title: text }, text)),
  );
  const html = `<main>${"x".repeat(pad)}${rows.map((text) => `<p title="${text}">${text}</p>`).join("")}</main>`;
  return { tree, html };
}

async function expectExactBytes(render: typeof RenderToPipeableStream) {
  for (const pad of [0, 1, 2, 3]) {
    const { tree, html } = page(pad);
    const bytes = await streamBytes(render, tree);
    expect(bytes.byteLength).toBeGreaterThan(2 * 2048);
    expect(bytes.indexOf(0), `pad ${pad}: a NUL byte at`).toBe(-1);
    expect(new TextDecoder("utf-8", { fatal: true }).decode(bytes), `pad ${pad}`).toBe(html);
  }
}

describe.each(BUILDS)("the patched streaming renderer (%s)", (build) => {
  it("sends only the bytes it rendered where a multi-byte character meets the buffer's end", async () => {
    await expectExactBytes(rendererOf(installed, build));
  });

  it("the same render carries a NUL with react-dom as released (the patch taken out)", async () => {
    const render = rendererOf(unpatchedCopy(), build);
    const withNul: number[] = [];
    for (const pad of [0, 1]) {
      const bytes = await streamBytes(render, page(pad).tree);
      if (bytes.includes(0)) withNul.push(pad);
    }
    expect(withNul.length).toBeGreaterThan(0);
  });
});
