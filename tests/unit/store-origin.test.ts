/** Links in emails use the store's own origin, from configuration only (decision 010). */
import { afterEach, describe, expect, it } from "vitest";
import { storeOrigin } from "~/services/store/store-origin.server";

const saved = { ...process.env };
afterEach(() => {
  for (const key of ["PLATFORM_DOMAIN", "PUBLIC_SCHEME", "PUBLIC_PORT", "PORT"]) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});

const bySlug = { slug: "dyes", customDomain: "shop.example", matchedBy: "slug" as const };
const byDomain = { slug: "dyes", customDomain: "Shop.Example", matchedBy: "domain" as const };

describe("storeOrigin", () => {
  it("is http on PORT for a localhost platform (development, the demo, browser tests)", () => {
    delete process.env.PLATFORM_DOMAIN;
    process.env.PORT = "4123";
    expect(storeOrigin(bySlug)).toBe("http://dyes.localhost:4123");
  });

  it("is https on the default port for a real platform domain, on the verified custom domain when reached by it", () => {
    process.env.PLATFORM_DOMAIN = "stores.example";
    expect(storeOrigin(bySlug)).toBe("https://dyes.stores.example");
    expect(storeOrigin(byDomain)).toBe("https://shop.example");
  });

  it("follows PUBLIC_SCHEME and PUBLIC_PORT, leaving out the scheme's default port", () => {
    process.env.PLATFORM_DOMAIN = "stores.example";
    process.env.PUBLIC_SCHEME = "http";
    process.env.PUBLIC_PORT = "8080";
    expect(storeOrigin(bySlug)).toBe("http://dyes.stores.example:8080");
    process.env.PUBLIC_PORT = "80";
    expect(storeOrigin(bySlug)).toBe("http://dyes.stores.example");
  });
});
