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

  it("fail a service that reaches app/http or app/routes by any path, statically or dynamically", async () => {
    const sources = [
      "~/http/guards.server",
      "../../http/guards.server",
      "../http",
      "app/http/form.server",
      "~/routes/admin.products",
      "../../routes/_index",
    ];
    for (const source of sources) {
      const errors = await layerErrors(
        "app/services/catalog/layers-probe.server.ts",
        `import * as probe from "${source}";\nexport const p = probe;\n`,
      );
      expect(errors, source).toEqual([
        expect.stringMatching(/^no-restricted-imports: .*Services know nothing of HTTP/),
      ]);
    }
    expect(
      await layerErrors(
        "app/services/catalog/layers-probe.server.ts",
        `export const later = () => import("../../http/guards.server");\nexport { requireUser } from "~/http/guards.server";\n`,
      ),
    ).toEqual([
      expect.stringMatching(/^no-restricted-syntax: .*Services know nothing of HTTP/),
      expect.stringMatching(/^no-restricted-imports: .*Services know nothing of HTTP/),
    ]);
  });

  it("fail a service that calls Response.json or Response.redirect", async () => {
    const errors = await layerErrors(
      "app/services/catalog/layers-probe.server.ts",
      `export const answer = () => Response.json({ ok: true });\nexport const go = () => Response.redirect("/", 303);\n`,
    );
    expect(errors).toEqual([
      expect.stringMatching(/^no-restricted-syntax: Services never build a Response \(Response.json/),
      expect.stringMatching(/^no-restricted-syntax: Services never build a Response \(Response.json/),
    ]);
  });

  it("fail app/db code that imports a service by any path", async () => {
    for (const source of [
      "~/services/identity/accounts.server",
      "../services/identity/accounts.server",
      "../../services/email/send.server",
    ]) {
      const errors = await layerErrors(
        "app/db/seed/layers-probe.ts",
        `import * as probe from "${source}";\nexport const p = probe;\n`,
      );
      expect(errors, source).toEqual([
        expect.stringMatching(/^no-restricted-imports: .*app\/db .* never imports a service/),
      ]);
    }
    expect(
      await layerErrors(
        "app/db/layers-probe.ts",
        `export const later = () => import("~/services/identity/accounts.server");\n`,
      ),
    ).toEqual([expect.stringMatching(/^no-restricted-syntax: app\/db .* never imports a service/)]);
  });

  it("fail app/http code that imports a component or a route by any path", async () => {
    for (const source of [
      "~/components/ui/PhotoField",
      "../components/ui/PhotoField",
      "~/routes/profile",
      "../routes/profile",
    ]) {
      const errors = await layerErrors(
        "app/http/layers-probe.server.ts",
        `import * as probe from "${source}";\nexport const p = probe;\n`,
      );
      expect(errors, source).toEqual([
        expect.stringMatching(/^no-restricted-imports: .*app\/http .* never imports one/),
      ]);
    }
    expect(
      await layerErrors(
        "app/http/layers-probe.server.ts",
        `export const later = () => import("../components/ui/PhotoField");\n`,
      ),
    ).toEqual([expect.stringMatching(/^no-restricted-syntax: app\/http .* never imports one/)]);
  });

  it("fail a lib helper that reaches a service or the database by a relative path", async () => {
    for (const source of ["../services/store/tenancy.server", "../db/schema", "../http/guards.server"]) {
      const errors = await layerErrors(
        "app/lib/layers-probe.ts",
        `import * as probe from "${source}";\nexport const p = probe;\n`,
      );
      expect(errors, source).toEqual([
        expect.stringMatching(/^no-restricted-imports: .*never imports a service/),
      ]);
    }
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
    // Response.json and imports of app/http are the HTTP layer's own business.
    expect(
      await layerErrors(
        "app/http/layers-probe.server.ts",
        `import { requireUser } from "./guards.server";\nexport const answer = () => Response.json({ ok: requireUser !== undefined });\n`,
      ),
    ).toEqual([]);
    // Routes and components may import app/http; http may import services and app/lib.
    expect(
      await layerErrors(
        "app/routes/layers-probe.tsx",
        `import { requireUser } from "../http/guards.server";\nimport { PhotoField } from "../components/ui/PhotoField";\nexport const p = [requireUser, PhotoField];\n`,
      ),
    ).toEqual([]);
    expect(
      await layerErrors(
        "app/http/layers-probe.server.ts",
        `import { saveImage } from "../services/media/images.server";\nimport { PHOTO_FIELD } from "~/lib/photo-field";\nexport const p = [saveImage, PHOTO_FIELD];\n`,
      ),
    ).toEqual([]);
    // The seed hashes passwords with lib; a service may import a sibling service and node's http.
    expect(
      await layerErrors(
        "app/db/seed/layers-probe.ts",
        `import { hashPassword } from "~/lib/passwords.server";\nimport { products } from "../schema";\nexport const p = [hashPassword, products];\n`,
      ),
    ).toEqual([]);
    expect(
      await layerErrors(
        "app/services/catalog/layers-probe.server.ts",
        `import { request } from "node:http";\nimport { get } from "http";\nimport { saveImage } from "../media/images.server";\nexport const later = () => import("./storefront.server");\nexport const p = [request, get, saveImage];\n`,
      ),
    ).toEqual([]);
  });
});
