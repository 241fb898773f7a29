/**
 * The intent dispatch of the admin kit without a database: a missing or unknown intent is a 400
 * and no handler runs (an own property is required, so `toString` or `__proto__` cannot reach
 * Object.prototype); a form its schema refuses is a 400 and the handler is never called (a
 * problem in a field a person fills in carries the schema's message); a good form gets the
 * handler's result.
 */
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { dispatchIntent, INTENT_ONLY, parseFormOrRefuse } from "~/http/intent-action.server";
import { Refusal } from "~/http/refusal.server";

const ID = "0190a5b4-7c1e-7d3a-9f00-1234567890ab";
const hideSchema = z.object({ intent: z.literal("hide"), reviewId: z.string().uuid() });
const replySchema = z.object({
  intent: z.literal("reply"),
  reviewId: z.string().uuid(),
  reply: z.string().trim().min(1, "reviewModeration.replyRequired"),
});

function args(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return { form, storeId: "store-a" };
}

function handlers() {
  const hide = vi.fn(async (value: z.output<typeof hideSchema>, { storeId }: { storeId: string }) => ({
    hidden: value.reviewId,
    storeId,
  }));
  const reply = vi.fn(async (value: z.output<typeof replySchema>) => ({ replied: value.reply }));
  const remove = vi.fn(async () => ({ removed: true }));
  return { hide, reply, remove };
}

async function refusalOf(run: Promise<unknown>): Promise<Refusal> {
  const error: unknown = await run.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(Refusal);
  return error as Refusal;
}

describe("dispatchIntent", () => {
  const entries = (h: ReturnType<typeof handlers>) =>
    ({
      hide: [hideSchema, h.hide],
      reply: [replySchema, h.reply, { messageFields: ["reply"] }],
      remove: [INTENT_ONLY, h.remove],
    }) as const;

  it("answers a missing or unknown intent with 400 and runs no handler", async () => {
    const h = handlers();
    const forms: Record<string, string>[] = [
      {},
      { intent: "delete" },
      { intent: "toString" },
      { intent: "__proto__" },
    ];
    for (const fields of forms) {
      const refusal = await refusalOf(dispatchIntent(args({ ...fields, reviewId: ID }), entries(h)));
      expect(refusal.status).toBe(400);
      expect(refusal.notice).toEqual({ key: "errors.badRequest" });
    }
    expect(h.hide).not.toHaveBeenCalled();
    expect(h.reply).not.toHaveBeenCalled();
    expect(h.remove).not.toHaveBeenCalled();
  });

  it("answers a form its schema refuses with 400 and never calls the handler", async () => {
    const h = handlers();
    const forged = await refusalOf(
      dispatchIntent(args({ intent: "hide", reviewId: "1 OR 1=1" }), entries(h)),
    );
    expect(forged.status).toBe(400);
    expect(forged.notice).toEqual({ key: "errors.badRequest" });
    // A field a person fills in: its own message; any other problem stays a plain bad request.
    const empty = await refusalOf(
      dispatchIntent(args({ intent: "reply", reviewId: ID, reply: " " }), entries(h)),
    );
    expect(empty.status).toBe(400);
    expect(empty.notice).toEqual({ key: "reviewModeration.replyRequired" });
    const noId = await refusalOf(dispatchIntent(args({ intent: "reply", reply: "Thanks" }), entries(h)));
    expect(noId.notice).toEqual({ key: "errors.badRequest" });
    expect(h.hide).not.toHaveBeenCalled();
    expect(h.reply).not.toHaveBeenCalled();
  });

  it("gives a good form's parsed value and the args to its intent's handler, and answers its result", async () => {
    const h = handlers();
    await expect(dispatchIntent(args({ intent: "hide", reviewId: ID }), entries(h))).resolves.toEqual({
      hidden: ID,
      storeId: "store-a",
    });
    expect(h.hide).toHaveBeenCalledTimes(1);
    expect(h.hide.mock.calls[0]?.[0]).toEqual({ intent: "hide", reviewId: ID });
    await expect(
      dispatchIntent(args({ intent: "reply", reviewId: ID, reply: "  Thanks  " }), entries(h)),
    ).resolves.toEqual({ replied: "Thanks" });
    await expect(dispatchIntent(args({ intent: "remove" }), entries(h))).resolves.toEqual({ removed: true });
    expect(h.reply).toHaveBeenCalledTimes(1);
  });

  it("runs the whenNoIntent entry for a form without an intent, and only then", async () => {
    const h = handlers();
    await expect(dispatchIntent(args({ reviewId: ID }), entries(h), "remove")).resolves.toEqual({
      removed: true,
    });
    // An empty or unknown intent is still refused: only a form that sends none gets the default.
    for (const intent of ["", "delete"]) {
      const refusal = await refusalOf(dispatchIntent(args({ intent, reviewId: ID }), entries(h), "remove"));
      expect(refusal.status).toBe(400);
    }
    expect(h.remove).toHaveBeenCalledTimes(1);
  });
});

describe("parseFormOrRefuse", () => {
  it("returns the parsed value or throws a 400 Refusal", async () => {
    expect(parseFormOrRefuse(args({ intent: "hide", reviewId: ID }).form, hideSchema)).toEqual({
      intent: "hide",
      reviewId: ID,
    });
    const refusal = await refusalOf(
      Promise.resolve().then(() => parseFormOrRefuse(new FormData(), hideSchema)),
    );
    expect(refusal.status).toBe(400);
  });
});
