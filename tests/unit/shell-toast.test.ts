import { describe, expect, it } from "vitest";
import { getToast, redirectWithToast } from "~/lib/toast.server";

/** What a browser sends back after receiving `setCookie`. */
function cookieHeader(setCookie: string): string {
  return setCookie.split(";")[0]!;
}

describe("flash toast cookie", () => {
  it("travels with a redirect and is read once", async () => {
    const response = await redirectWithToast("/cart", { key: "toast.cartAdded", params: { name: "Red" } });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/cart");
    const setCookie = response.headers.get("Set-Cookie")!;
    expect(setCookie).toMatch(/^toast=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).not.toMatch(/Domain=/i);

    const next = new Request("http://dyes.localhost/cart", { headers: { Cookie: cookieHeader(setCookie) } });
    const { toast, headers } = await getToast(next);
    expect(toast).toMatchObject({ type: "success", key: "toast.cartAdded", params: { name: "Red" } });
    expect(toast?.id).toEqual(expect.any(String));
    // Reading it clears it, so a reload does not show it again.
    expect(headers.get("Set-Cookie")).toMatch(/^toast=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/);
  });

  it("keeps the caller's status and headers", async () => {
    const response = await redirectWithToast(
      "/login",
      { key: "toast.loginFirst", type: "error" },
      { status: 303, headers: { "Set-Cookie": "other=1; Path=/" } },
    );
    expect(response.status).toBe(303);
    expect(response.headers.getSetCookie()).toHaveLength(2);
  });

  it("adds no Set-Cookie when there is no toast", async () => {
    const { toast, headers } = await getToast(
      new Request("http://dyes.localhost/", { headers: { Cookie: "lng=x" } }),
    );
    expect(toast).toBeNull();
    expect(headers.get("Set-Cookie")).toBeNull();
  });

  it("rejects a forged toast and clears it", async () => {
    const forged = `toast=${Buffer.from(JSON.stringify({ id: "1", type: "success", key: "toast.x" })).toString("base64")}`;
    const { toast, headers } = await getToast(
      new Request("http://dyes.localhost/", { headers: { Cookie: forged } }),
    );
    expect(toast).toBeNull();
    expect(headers.get("Set-Cookie")).toMatch(/^toast=;/);
  });
});
