/**
 * Signed-in requests at the page cache (decision 031), with the real Express app of server.ts and
 * a stand-in for Remix that renders what the template in its load context says: viewers of one
 * shape share one render, each answer carries its own viewer's values, Remix never sees the
 * session while rendering a shared copy, a dead session gets the anonymous page for itself only,
 * and a page that cannot be shared is rendered in full for its viewer and not kept.
 * The real pages, both demo stores: signed-in-page-cache.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PageTemplate } from "~/http/page-template.server";
import type { AppOptions } from "../../server/app";
import { EdgePageCache } from "../../server/edge/page-cache";
import { localBackend } from "../../server/page-cache/backend";
import type { PageViewer } from "../../server/page-cache/personal";
import { PageStore } from "../../server/page-cache/store";
import { startEdge, type EdgeServer } from "../helpers/edge-app";
import { textRequest, type TextReply } from "../helpers/raw-http";

type Reply = TextReply;

function get(server: EdgeServer, path: string, headers: Record<string, string> = {}): Promise<Reply> {
  return textRequest({
    port: server.port,
    host: "pca.localhost",
    path,
    headers: { "accept-encoding": "gzip, br", ...headers },
  });
}

const base: PageViewer = {
  name: "Ada",
  email: "ada@example.test",
  isAdmin: false,
  imageId: null,
  cartLineCount: 2,
  product: null,
};
const VIEWERS: Record<string, PageViewer> = {
  ada: base,
  // Same shape as Ada: a name to escape, another count.
  zoe: { ...base, name: `Zoë "<b>" & Co`, email: "zoe@example.test", cartLineCount: 7 },
  // Another shape: an empty cart.
  bo: { ...base, name: "Bo", cartLineCount: 0 },
  // Reviewed the product: their page is theirs alone.
  rae: { ...base, name: "Rae", product: { inWishlist: false, cartQuantity: 0, reviewed: true } },
};

/** Renders like the app: the viewer in the markup and in a stream script; with a template, its tokens. */
function standIn() {
  const seen: { cookie: string; template: PageTemplate | undefined }[] = [];
  const handle: AppOptions["handle"] = async (request, _req, res) => {
    const template = res.locals.pageTemplate as PageTemplate | undefined;
    const cookie = request.headers.get("cookie") ?? "";
    seen.push({ cookie, template });
    const url = new URL(request.url);
    if (url.searchParams.has("fail") && template) return new Response("no", { status: 500 });
    const session = /__session=(\w+)/.exec(cookie)?.[1];
    const viewer = template
      ? { name: template.viewer.name, count: template.cartCount }
      : session && VIEWERS[session]
        ? { name: VIEWERS[session].name, count: VIEWERS[session].cartLineCount }
        : null;
    const escaped = (text: string) =>
      text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");
    const data = JSON.stringify([viewer?.name ?? null, viewer?.count ?? 0]);
    const body = viewer
      ? `<p title="${escaped(viewer.name)}">${escaped(viewer.name)}</p><a>Cart (${viewer.count})</a>`
      : "<a>Log in</a>";
    return new Response(
      // Escaped as Remix escapes the stream script's argument.
      `${body}<script>window.__remixContext.streamController.enqueue(${JSON.stringify(data).replace(
        /[&<>]/g,
        (c) => `\\u00${c.charCodeAt(0).toString(16)}`,
      )});</script>`,
      { headers: { "Content-Type": "text/html; charset=utf-8" } },
    );
  };
  return { handle, seen };
}

describe("signed-in requests at the page cache", () => {
  let server: EdgeServer;
  let store: PageStore;
  let page: ReturnType<typeof standIn>;

  beforeAll(async () => {
    store = new PageStore(8 * 1024 * 1024);
    page = standIn();
    const cache = new EdgePageCache({
      backend: localBackend(store),
      ttlMs: 60_000,
      storeOf: async (host) => (host.startsWith("pca.localhost") ? "store-a" : null),
      viewerOf: async (_storeId, cookie) => VIEWERS[/__session=(\w+)/.exec(cookie)?.[1] ?? ""] ?? null,
    });
    server = await startEdge({ handle: page.handle, pageCache: cache });
  });
  afterAll(() => server.close());

  it("renders one copy per shape without the session and fills in each viewer's own values", async () => {
    const rendered = page.seen.length;
    const ada = await get(server, "/products", { cookie: "lng=ImVuIg%3D%3D; __session=ada" });
    expect(ada.headers["x-cache"]).toBe("miss");
    expect(ada.headers["cache-control"]).toBe("private, no-store");
    expect(ada.headers["content-encoding"]).toBe("gzip");
    expect(ada.body).toContain('<p title="Ada">Ada</p><a>Cart (2)</a>');
    expect(ada.body).toContain(`enqueue("[\\"Ada\\",2]")`);
    // Remix rendered the shared copy from the request without the session.
    expect(page.seen.at(-1)).toMatchObject({ cookie: "lng=ImVuIg%3D%3D" });
    expect(page.seen.at(-1)?.template?.viewer.name).toMatch(/^pz[0-9a-f]{18}/);

    const zoe = await get(server, "/products", { cookie: "__session=zoe; lng=ImVuIg%3D%3D" });
    expect(zoe.headers["x-cache"]).toBe("hit");
    const html = "Zoë &quot;&lt;b&gt;&quot; &amp; Co";
    expect(zoe.body).toContain(`<p title="${html}">${html}</p><a>Cart (7)</a>`);
    expect(zoe.body).toContain(`enqueue("[\\"Zoë \\\\\\"\\u003cb\\u003e\\\\\\" \\u0026 Co\\",7]")`);
    expect(zoe.body).not.toContain("Ada");
    expect(page.seen.length).toBe(rendered + 1);

    // Another shape is another copy.
    const bo = await get(server, "/products", { cookie: "__session=bo; lng=ImVuIg%3D%3D" });
    expect(bo.headers["x-cache"]).toBe("miss");
    expect(bo.body).toContain("<a>Cart (0)</a>");
    expect(page.seen.length).toBe(rendered + 2);
    // Without gzip, the same page uncompressed.
    const plain = await get(server, "/products", {
      cookie: "__session=ada; lng=ImVuIg%3D%3D",
      "accept-encoding": "identity",
    });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(ada.body);
  });

  it("never answers anonymous visitors with a shared signed-in copy, nor the reverse", async () => {
    await get(server, "/about", { cookie: "__session=ada" });
    const anonymous = await get(server, "/about");
    expect(anonymous.headers["x-cache"]).toBe("miss");
    expect(anonymous.body).toContain("Log in");
    expect(anonymous.body).not.toMatch(/Ada|pz[0-9a-f]{18}/);
    expect(anonymous.headers["cache-control"]).toMatch(/^public/);
    const again = await get(server, "/about", { cookie: "__session=ada" });
    expect(again.headers["x-cache"]).toBe("hit");
    expect(again.body).toContain("Ada");
  });

  it("gives a session that is no longer alive the anonymous page, for that browser only", async () => {
    const anonymous = await get(server, "/terms");
    const dead = await get(server, "/terms", { cookie: "__session=gone" });
    expect(dead.headers["x-cache"]).toBe("hit");
    expect(dead.body).toBe(anonymous.body);
    expect(dead.headers["cache-control"]).toBe("private, no-store");
    const deadFirst = await get(server, "/privacy", { cookie: "__session=gone" });
    expect(deadFirst.headers["x-cache"]).toBe("miss");
    expect(deadFirst.headers["cache-control"]).toBe("private, no-store");
    expect(page.seen.at(-1)?.cookie).toBe("");
    expect((await get(server, "/privacy")).headers["x-cache"]).toBe("hit");
  });

  it("renders in full, with the session, a page the viewer reviewed or a copy that could not be made", async () => {
    const reviewed = await get(server, "/products/red", { cookie: "__session=rae" });
    expect(reviewed.headers["x-cache"]).toBe("bypass");
    expect(reviewed.body).toContain("Rae");
    expect(page.seen.at(-1)).toMatchObject({ cookie: "__session=rae", template: undefined });

    const failed = await get(server, "/categories?fail=1", { cookie: "__session=ada" });
    expect(failed.status).toBe(200);
    expect(failed.body).toContain("Ada");
    expect(page.seen.at(-1)).toMatchObject({ cookie: "__session=ada", template: undefined });
    expect((await get(server, "/categories?fail=1", { cookie: "__session=ada" })).headers["x-cache"]).toBe(
      "miss",
    );
  });

  it("drops the store's signed-in copies with its other pages", async () => {
    await get(server, "/", { cookie: "__session=ada" });
    expect((await get(server, "/", { cookie: "__session=zoe" })).headers["x-cache"]).toBe("hit");
    store.drop("store-a");
    expect((await get(server, "/", { cookie: "__session=zoe" })).headers["x-cache"]).toBe("miss");
  });
});
