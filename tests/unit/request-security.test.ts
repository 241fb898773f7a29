import { describe, expect, it } from "vitest";
import { clientAddress, honeypotTripped, isCrossOriginWrite } from "~/http/request-security.server";

const own = "http://dyes.localhost:3000";

describe("isCrossOriginWrite", () => {
  it("lets reads through whatever their origin", () => {
    expect(
      isCrossOriginWrite({
        method: "GET",
        ownOrigin: own,
        origin: "http://evil.test",
        secFetchSite: "cross-site",
      }),
    ).toBe(false);
  });

  it("accepts a POST from the same origin", () => {
    expect(
      isCrossOriginWrite({ method: "POST", ownOrigin: own, origin: own, secFetchSite: "same-origin" }),
    ).toBe(false);
  });

  it("refuses a POST from another store of the same site", () => {
    expect(
      isCrossOriginWrite({
        method: "POST",
        ownOrigin: own,
        origin: "http://inks.localhost:3000",
        secFetchSite: "same-site",
      }),
    ).toBe(true);
  });

  it("refuses an opaque origin and a cross-site fetch without Origin", () => {
    expect(isCrossOriginWrite({ method: "POST", ownOrigin: own, origin: "null", secFetchSite: null })).toBe(
      true,
    );
    expect(
      isCrossOriginWrite({ method: "DELETE", ownOrigin: own, origin: null, secFetchSite: "cross-site" }),
    ).toBe(true);
  });

  it("lets a request without browser headers through to the other checks", () => {
    expect(isCrossOriginWrite({ method: "POST", ownOrigin: own, origin: null, secFetchSite: null })).toBe(
      false,
    );
  });
});

describe("honeypotTripped", () => {
  it("is true only when the hidden field has text", () => {
    const empty = new FormData();
    empty.set("website", "");
    const filled = new FormData();
    filled.set("website", "http://spam.test");
    expect(honeypotTripped(new FormData())).toBe(false);
    expect(honeypotTripped(empty)).toBe(false);
    expect(honeypotTripped(filled)).toBe(true);
  });
});

describe("clientAddress", () => {
  it("uses X-Forwarded-For only behind a trusted proxy", () => {
    const headers = new Headers({ "x-forwarded-for": "203.0.113.9, 10.0.0.1" });
    const before = process.env.TRUST_PROXY;
    delete process.env.TRUST_PROXY;
    expect(clientAddress(headers, "127.0.0.1")).toBe("127.0.0.1");
    process.env.TRUST_PROXY = "1";
    expect(clientAddress(headers, "127.0.0.1")).toBe("203.0.113.9");
    if (before === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = before;
  });
});
