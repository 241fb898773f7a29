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

  it("fail a component that imports a .server module, even for a type, by any spelling", async () => {
    const sources = [
      "~/services/tax/invoice-view.server",
      "../../services/orders/orders.server",
      "~/http/catalog-page.server.ts",
      "~/lib/form-constraint.server",
    ];
    for (const source of sources) {
      const errors = await layerErrors(
        "app/components/orders/LayersProbe.tsx",
        `import type { Probe } from "${source}";\nexport type P = Probe;\n`,
      );
      expect(errors, source).toEqual([
        expect.stringMatching(/^no-restricted-imports: .*Components never import a \.server module/),
      ]);
    }
    // The contract module is where the type lives; a route may still import a .server module.
    expect(
      await layerErrors(
        "app/components/orders/LayersProbe.tsx",
        `import type { InvoiceView } from "~/services/tax/contract";\nexport type P = InvoiceView;\n`,
      ),
    ).toEqual([]);
    expect(
      await layerErrors(
        "app/routes/layers-probe.tsx",
        `import { invoiceView } from "~/services/tax/invoice-view.server";\nexport const v = invoiceView;\n`,
      ),
    ).toEqual([]);
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
        `import { request } from "node:http";\nimport { get } from "http";\nimport { saveImage } from "../media/images.server";\nexport const p = [request, get, saveImage];\n`,
      ),
    ).toEqual([]);
  });
});

/** Every form an import takes, for one source: none of them may be a side door. */
const importForms = (source: string) => [
  `import * as probe from "${source}";\nexport const p = probe;\n`,
  `export { default } from "${source}";\n`,
  `export const later = () => import("${source}");\n`,
];

/** Each probe's errors, or `[]`: `rule: message` strings. */
async function refusedIn(filePath: string, sources: string[]): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const source of sources)
    for (const code of importForms(source)) found[code] = await layerErrors(filePath, code);
  return found;
}

/** Every probe refused once, with `message` (by no-restricted-imports or -syntax). */
function expectEachRefused(found: Record<string, string[]>, message: RegExp) {
  for (const [code, errors] of Object.entries(found))
    expect(errors, code).toEqual([
      expect.stringMatching(new RegExp(`^no-restricted-(imports|syntax): .*${message.source}`)),
    ]);
}

describe("layer rules have no side door", () => {
  it("refuse a service that reaches a component, by any path and any form of import", async () => {
    expectEachRefused(
      await refusedIn("app/services/catalog/layers-probe.server.ts", [
        "~/components/ui/Button",
        "../../components/ui/Button",
        "app/components/admin/AdminNav",
      ]),
      /Services never import a component: .*app\/components/,
    );
  });

  it("refuse a lib helper that reaches a service by import() or an export … from", async () => {
    expectEachRefused(
      await refusedIn("app/lib/layers-probe.ts", [
        "~/services/store/tenancy.server",
        "../services/email/email.server",
      ]),
      /app\/lib .* never imports a service/,
    );
  });

  it("refuse a route or a component that reaches the schema by import() or an export … from", async () => {
    for (const filePath of ["app/routes/layers-probe.tsx", "app/components/LayersProbe.tsx", "app/root.tsx"])
      expectEachRefused(
        await refusedIn(filePath, ["~/db/schema", "../db/schema"]),
        /never touch the database/,
      );
  });

  it("refuse app/db code that reaches HTTP code, a route or a component", async () => {
    expectEachRefused(
      await refusedIn("app/db/seed/layers-probe.ts", [
        "~/http/guards.server",
        "../../routes/_index",
        "~/components/ui/Button",
      ]),
      /app\/db sits below every layer/,
    );
  });

  it("refuse server/ code that reaches a route or a component, and pass its calls into app/", async () => {
    expectEachRefused(
      await refusedIn("server/edge/layers-probe.ts", [
        "../../app/routes/_index",
        "../../app/components/ui/Button",
      ]),
      /server\/ reaches routes and components only through the Remix build/,
    );
    expectEachRefused(await refusedIn("server.ts", ["./app/routes/admin"]), /only through the Remix build/);
    expect(
      await layerErrors(
        "server/edge/layers-probe.ts",
        `import { getDb } from "../../app/db/client.server";\nimport { platformDomain } from "../../app/services/store/tenancy.server";\nexport const p = [getDb, platformDomain];\n`,
      ),
    ).toEqual([]);
  });

  it("refuse app/ code that reaches server/ or its packages", async () => {
    expectEachRefused(
      await refusedIn("app/services/catalog/layers-probe.server.ts", [
        "../../../server/edge/deadline",
        "../../server",
      ]),
      /server\/ .* sits above app\/ and calls into it, never the other way/,
    );
    expectEachRefused(
      await refusedIn("app/lib/layers-probe.server.ts", ["prom-client", "express"]),
      /live in server\/ \(decision 021\)/,
    );
  });

  it("refuse import() outside components and routes, and an import() of anything but a string", async () => {
    for (const filePath of [
      "app/services/catalog/layers-probe.server.ts",
      "app/http/layers-probe.server.ts",
      "app/db/layers-probe.ts",
      "app/lib/layers-probe.ts",
      "server/outage/layers-probe.ts",
    ])
      expect(
        await layerErrors(filePath, `export const later = () => import("./storefront.server");\n`),
        filePath,
      ).toEqual([
        expect.stringMatching(
          /^no-restricted-syntax: import\(\) is for the browser's lazy chunks, in app\/components and app\/routes only/,
        ),
      ]);
    for (const code of [
      "export const later = (name: string) => import(`~/db/${name}`);\n",
      "export const later = () => import(`~/db/schema`);\n",
      'const where = "~/db/schema";\nexport const later = () => import(where);\n',
    ])
      expect(await layerErrors("app/components/LayersProbe.tsx", code), code).toEqual([
        expect.stringMatching(/^no-restricted-syntax: import\(\) takes a plain string literal/),
      ]);
    expect(
      await layerErrors("app/routes/layers-probe.tsx", 'export const schema = require("~/db/schema");\n'),
    ).toEqual([expect.stringMatching(/^@typescript-eslint\/no-require-imports: /)]);
    expect(
      await layerErrors(
        "app/routes/layers-probe.tsx",
        'import { createRequire } from "node:module";\nexport const load = createRequire(import.meta.url);\n',
      ),
    ).toEqual([expect.stringMatching(/^no-restricted-imports: .*ES modules only/)]);
    // The browser's lazy chunks: a panel, a form's schema, a package.
    expect(
      await layerErrors(
        "app/components/LayersProbe.tsx",
        `export const panel = () => import("./ui/ConfirmDialogPanel");\nexport const schema = () => import("~/lib/validation/cart");\nexport const toasts = () => import("sonner");\n`,
      ),
    ).toEqual([]);
  });

  it("refuse every way of reading the environment outside the two configuration modules", async () => {
    const readers = [
      "export const url = process.env.SMTP_URL;\n",
      'export const url = process["env"].SMTP_URL;\n',
      "const { SMTP_URL } = process.env;\nexport const url = SMTP_URL;\n",
      "const { env } = process;\nexport const url = env.SMTP_URL;\n",
      "export const url = globalThis.process.env.SMTP_URL;\n",
      'const name = "env";\nexport const url = process[name];\n',
      "const host = process;\nexport const url = host.env;\n",
      'import { env } from "node:process";\nexport const url = env.SMTP_URL;\n',
    ];
    for (const filePath of [
      "app/services/email/layers-probe.server.ts",
      "app/lib/layers-probe.server.ts",
      "app/routes/layers-probe.tsx",
      "app/root.tsx",
      "server/edge/layers-probe.ts",
      "server.ts",
    ])
      for (const code of readers)
        expect(await layerErrors(filePath, code), `${filePath}: ${code}`).toEqual([
          expect.stringMatching(
            /^no-restricted-(properties|syntax|imports): .*Only app\/lib\/config\.server\.ts reads the environment/,
          ),
        ]);
    for (const filePath of ["app/lib/config.server.ts", "server/start-config.ts"])
      expect(await layerErrors(filePath, readers[0]!)).toEqual([]);
    // The rest of the process object stays usable.
    expect(
      await layerErrors(
        "server/layers-probe.ts",
        "export const pid = process.pid;\nexport const send = process.send?.bind(process);\n",
      ),
    ).toEqual([]);
  });

  it("refuse console in app/ and server/, unless the line says why", async () => {
    for (const filePath of [
      "app/services/email/layers-probe.server.ts",
      "app/routes/layers-probe.tsx",
      "server/layers-probe.ts",
      "server.ts",
    ])
      expect(
        await layerErrors(filePath, `export const fail = (error: unknown) => console.error(error);\n`),
        filePath,
      ).toEqual([
        expect.stringMatching(
          /^no-restricted-properties: .*Log through `logger` of app\/lib\/log\.server\.ts/,
        ),
      ]);
    const disabled = (reason: string) =>
      `// eslint-disable-next-line no-restricted-properties${reason}\nexport const fail = (error: unknown) => console.error(error);\n`;
    expect(await layerErrors("server.ts", disabled(" -- the banner, read by a person"))).toEqual([]);
    expect(await layerErrors("server.ts", disabled(""))).toEqual([
      expect.stringMatching(/^house\/disable-with-reason: Say why after ` -- `/),
    ]);
  });
});
