import { afterEach, describe, expect, it } from "vitest";
import { normalizeHost, requestHost } from "~/services/store/tenancy.server";

describe("normalizeHost", () => {
  it("drops the port, case and a trailing dot", () => {
    expect(normalizeHost("Dyes.LocalHost:3000")).toBe("dyes.localhost");
    expect(normalizeHost("shop.example.com.")).toBe("shop.example.com");
    expect(normalizeHost("  example.com  ")).toBe("example.com");
  });

  it("keeps an IPv6 literal without its port", () => {
    expect(normalizeHost("[::1]:3000")).toBe("[::1]");
  });
});

describe("requestHost", () => {
  const original = process.env.TRUST_PROXY;
  afterEach(() => {
    if (original === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = original;
  });

  it("ignores X-Forwarded-Host unless TRUST_PROXY=1", () => {
    delete process.env.TRUST_PROXY;
    expect(requestHost({ host: "dyes.localhost:3000", forwardedHost: "inks.localhost" })).toBe(
      "dyes.localhost",
    );
  });

  it("believes the first X-Forwarded-Host behind a trusted proxy", () => {
    process.env.TRUST_PROXY = "1";
    expect(requestHost({ host: "10.0.0.5:3000", forwardedHost: "Shop.Example.com, proxy.internal" })).toBe(
      "shop.example.com",
    );
  });

  it("falls back to Host when no forwarded host is sent", () => {
    process.env.TRUST_PROXY = "1";
    expect(requestHost({ host: "dyes.localhost:3000" })).toBe("dyes.localhost");
  });
});
