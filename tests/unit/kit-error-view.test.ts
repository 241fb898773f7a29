import { describe, expect, it } from "vitest";
import { errorView } from "~/lib/error-view";

/** A thrown response as Remix gives it to a boundary. */
class Thrown {
  constructor(
    readonly status: number,
    readonly data: unknown = null,
  ) {}
}
const isThrown = (error: unknown): error is Thrown => error instanceof Thrown;

describe("errorView", () => {
  it("says not found for a 404, and keeps a refusal's own message", () => {
    expect(errorView(new Thrown(404), isThrown)).toEqual({
      status: 404,
      title: "notFound.page",
      message: "error.pageNotFoundMessage",
    });
    expect(
      errorView(new Thrown(404, { notice: { key: "productPage.notFoundMessage" } }), isThrown).message,
    ).toBe("productPage.notFoundMessage");
  });

  it("says no access for a 403", () => {
    expect(errorView(new Thrown(403), isThrown)).toMatchObject({
      status: 403,
      title: "error.forbiddenTitle",
    });
  });

  it("shows another 4xx with its notice and parameters, or the generic bad-request text", () => {
    expect(
      errorView(
        new Thrown(429, { notice: { key: "errors.tooManyRequests", params: { seconds: 30 } } }),
        isThrown,
      ),
    ).toEqual({
      status: 429,
      title: "error.title",
      message: "errors.tooManyRequests",
      params: { seconds: 30 },
    });
    expect(errorView(new Thrown(400, "raw text"), isThrown)).toMatchObject({
      status: 400,
      message: "errors.badRequest",
    });
  });

  it("hides the details of a 5xx or a thrown Error behind the generic message", () => {
    expect(errorView(new Error("relation users does not exist"), isThrown)).toEqual({
      status: 500,
      title: "error.title",
      message: "error.message",
    });
    expect(errorView(new Thrown(503, { notice: { key: "x" } }), isThrown).message).toBe("error.message");
  });
});
