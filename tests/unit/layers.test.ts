/**
 * The layer rules of docs/decisions/010-layers.md are enforced by ESLint, so `npm run lint` (and
 * CI) fails on a file that breaks them. This runs the project's own ESLint config through the Node
 * API on probe files placed (by path) in each layer; nothing is written to disk.
 */
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.severity === 2)
    .map((message) => `${message.ruleId}: ${message.message}`);
}

describe("layer rules", () => {
  it("fail a route that imports the database", async () => {
    const errors = await layerErrors(
      "app/routes/layers-probe.tsx",
      `import { getDb } from "~/db/client.server";\nexport const loader = () => getDb();\n`,
    );
    expect(errors).toEqual([expect.stringMatching(/^no-restricted-imports: .*never touch the database/)]);
  });

  it("fail a component that imports the schema", async () => {
    const errors = await layerErrors(
      "app/components/LayersProbe.tsx",
      `import { products } from "~/db/schema";\nexport const table = products;\n`,
    );
    expect(errors).toEqual([expect.stringMatching(/^no-restricted-imports: /)]);
  });

  it("fail a service that imports @remix-run/node, takes a Request or builds a Response", async () => {
    const errors = await layerErrors(
      "app/services/catalog/layers-probe.server.ts",
      [
        `import { redirect } from "@remix-run/node";`,
        `export const go = () => redirect("/");`,
        `export const read = (request: Request) => request.url;`,
        `export const answer = () => new Response("no");`,
        "",
      ].join("\n"),
    );
    expect(errors).toHaveLength(3);
    expect(errors[0]).toMatch(/^no-restricted-imports: .*Services know nothing of HTTP/);
    expect(errors[1]).toMatch(/^no-restricted-syntax: Services never take a Request/);
    expect(errors[2]).toMatch(/^no-restricted-syntax: Services never build a Response/);
  });

  it("fail a lib helper that imports a service", async () => {
    const errors = await layerErrors(
      "app/lib/layers-probe.ts",
      `import { platformDomain } from "~/services/store/tenancy.server";\nexport const d = platformDomain;\n`,
    );
    expect(errors).toEqual([expect.stringMatching(/^no-restricted-imports: .*never imports a service/)]);
  });

  it("pass the same imports in the layers allowed to make them", async () => {
    expect(
      await layerErrors(
        "app/services/catalog/layers-probe.server.ts",
        `import { getDb } from "~/db/client.server";\nexport const db = getDb;\n`,
      ),
    ).toEqual([]);
    expect(
      await layerErrors(
        "app/http/layers-probe.server.ts",
        `import { redirect } from "@remix-run/node";\nexport const go = (request: Request) => redirect(new URL(request.url).pathname);\n`,
      ),
    ).toEqual([]);
  });
});
