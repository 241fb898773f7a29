/**
 * The admin kit's HTTP helpers without a database: the list-query reader every admin list uses
 * (q trimmed, filters and sort only from allow-lists, the cursor as sent), the path-key check of
 * entityFromPath, and the schema form step (bad input → 400 and nothing saved; a refused result
 * → its status and message; saved → a redirect with the toast).
 */
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { entityFromPath, entityOrNewFromPath, pathKey } from "~/http/entity.server";
import { readListQuery } from "~/http/list-query.server";
import { Refusal } from "~/http/refusal.server";
import { submitSchemaForm } from "~/http/schema-form.server";
import { uuidOrNull } from "~/lib/uuid";

const ID = "0190a5b4-7c1e-7d3a-9f00-1234567890ab";
const spec = {
  filters: { status: ["active", "inactive"] as const, category: uuidOrNull },
  sort: { allowed: ["name", "price"] as const, fallback: { key: "name" as const, dir: "asc" as const } },
};

describe("readListQuery", () => {
  it("trims and caps q, keeps the cursor, reads allowed filters and sort", () => {
    const query = readListQuery(
      new URLSearchParams({
        q: "  blue ink  ",
        status: "active",
        category: ID.toUpperCase(),
        sort: "price",
        dir: "desc",
        cursor: "abc",
      }),
      spec,
    );
    expect(query).toEqual({
      q: "blue ink",
      filters: { status: "active", category: ID },
      problems: [],
      sort: { key: "price", dir: "desc" },
      cursor: "abc",
    });
    expect(readListQuery(new URLSearchParams({ q: "x".repeat(300) }), { maxQ: 40 }).q).toHaveLength(40);
  });

  it("ignores an unknown sort (the list's default) and drops an unknown filter value, naming it", () => {
    const query = readListQuery(
      new URLSearchParams({ status: "deleted", category: "1 or 1=1", sort: "password", dir: "desc" }),
      spec,
    );
    expect(query.filters).toEqual({ status: null, category: null });
    expect(query.problems).toEqual(["status", "category"]);
    expect(query.sort).toEqual({ key: "name", dir: "asc" });
  });

  it("reads 'all' and an empty value as no filter, without a problem; reads a Request's URL", () => {
    const query = readListQuery(new Request("http://s.localhost/admin/products?status=all&category="), spec);
    expect(query.filters).toEqual({ status: null, category: null });
    expect(query.problems).toEqual([]);
    expect(query.cursor).toBeNull();
    expect(query.q).toBe("");
  });
});

describe("entityFromPath", () => {
  const refusalOf = async (run: () => Promise<unknown>) => {
    const thrown = await run().then(
      () => null,
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(Refusal);
    return thrown as Refusal;
  };

  it("answers a malformed id with the page's 404 before reading anything", async () => {
    const load = vi.fn(async () => ({ id: ID }));
    for (const raw of [undefined, "", "abc", `${ID}x`, "../etc", "1001"]) {
      const refusal = await refusalOf(() => entityFromPath(raw, load));
      expect([refusal.status, refusal.notice.key]).toEqual([404, "notFound.page"]);
    }
    expect(load).not.toHaveBeenCalled();
  });

  it("answers an id the store's service does not find (another store's) with the same 404", async () => {
    const refusal = await refusalOf(() => entityFromPath(ID, async () => null));
    expect([refusal.status, refusal.notice.key]).toEqual([404, "notFound.page"]);
  });

  it("reads the record by its lower-cased id; 'new' is no record where the page creates", async () => {
    expect(await entityFromPath(ID.toUpperCase(), async (id) => ({ id }))).toEqual({ id: ID });
    expect(await entityOrNewFromPath("new", async () => ({ id: ID }))).toBeNull();
    await refusalOf(() => entityFromPath("new", async () => ({ id: ID })));
  });

  it("checks an order number where the path holds one, with its own message", async () => {
    expect(pathKey("1042", { key: "orderNumber" })).toBe(1042);
    const refusal = await refusalOf(() =>
      entityFromPath("10x", async () => ({}), { key: "orderNumber", notFound: "notFound.order" }),
    );
    expect([refusal.status, refusal.notice.key]).toEqual([404, "notFound.order"]);
  });
});

describe("submitSchemaForm", () => {
  const schema = z.object({ name: z.string({ required_error: "validation.required" }).min(2) });
  const args = (fields: Record<string, string>) => ({
    request: new Request("http://s.localhost/admin/thing", { method: "POST" }),
    form: (() => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      return form;
    })(),
  });
  type Answered = {
    type: string;
    data: { result: { error?: Record<string, string[]> } };
    init: { status: number };
  };

  it("answers bad input with 400 and the field's message, and saves nothing", async () => {
    const save = vi.fn(async () => ({ ok: true }));
    const answered = (await submitSchemaForm(args({ name: "" }), { schema, save })) as unknown as Answered;
    expect(answered.init.status).toBe(400);
    expect(answered.data.result.error?.name).toEqual(["validation.required"]);
    expect(save).not.toHaveBeenCalled();
  });

  it("turns a refused result into its field error and status, or throws its Refusal", async () => {
    const answered = (await submitSchemaForm(args({ name: "taken" }), {
      schema,
      save: async () => ({ ok: false as const }),
      refuse: () => ({ field: "name", message: "errors.taken", status: 409 }),
    })) as unknown as Answered;
    expect(answered.init.status).toBe(409);
    expect(answered.data.result.error?.name).toEqual(["errors.taken"]);
    await expect(
      submitSchemaForm(args({ name: "gone" }), {
        schema,
        save: async () => null,
        refuse: () => new Refusal(404, { key: "notFound.page" }),
      }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it("saves valid input once and redirects with the toast (default: the same page, 'update successfully')", async () => {
    const save = vi.fn(async () => ({ id: "7" }));
    const back = (await submitSchemaForm(args({ name: "Blue" }), { schema, save })) as Response;
    expect(save).toHaveBeenCalledWith({ name: "Blue" }, expect.anything(), undefined);
    expect([back.status, back.headers.get("Location")]).toEqual([302, "/admin/thing"]);
    const custom = (await submitSchemaForm(args({ name: "Blue" }), {
      schema,
      save,
      success: { path: (_args, result) => `/admin/things/${result.id}`, toast: { key: "things.created" } },
    })) as Response;
    expect(custom.headers.get("Location")).toBe("/admin/things/7");
    expect(custom.headers.get("Set-Cookie")).toMatch(/^toast=/);
  });
});
