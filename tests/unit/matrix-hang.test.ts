/**
 * The route matrix's hang detector (tests/helpers/matrix/hang.ts): an answer passes through,
 * a request that never answers is named once its limit has passed, and not before.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { answerWithin, Stalled } from "../helpers/matrix/hang";

afterEach(() => {
  vi.useRealTimers();
});

describe("answerWithin", () => {
  it("passes an answer through and leaves no timer behind", async () => {
    vi.useFakeTimers();
    await expect(answerWithin(Promise.resolve(204), 1000, "GET /")).resolves.toBe(204);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("passes the request's own failure through", async () => {
    await expect(answerWithin(Promise.reject(new Error("boom")), 1000, "GET /")).rejects.toThrow("boom");
  });

  it("names the probe that never answered once the limit has passed, not before", async () => {
    vi.useFakeTimers();
    const never = new Promise<number>(() => {});
    let outcome: unknown = "pending";
    const answer = answerWithin(never, 120_000, "/cart POST [empty form] as shopper").catch(
      (error: unknown) => (outcome = error),
    );
    await vi.advanceTimersByTimeAsync(119_999);
    expect(outcome).toBe("pending");
    await vi.advanceTimersByTimeAsync(1);
    await answer;
    expect(outcome).toBeInstanceOf(Stalled);
    expect((outcome as Stalled).probe).toBe("/cart POST [empty form] as shopper");
    expect((outcome as Stalled).message).toBe("no answer in 120 s: /cart POST [empty form] as shopper");
  });
});
