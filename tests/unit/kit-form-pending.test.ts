import type { Navigation } from "@remix-run/react";
import { describe, expect, it } from "vitest";
import { isFormPending } from "~/lib/use-form-pending";

type Nav = Pick<Navigation, "state" | "formAction" | "formMethod" | "formData">;

const idle: Nav = { state: "idle", formAction: undefined, formMethod: undefined, formData: undefined };

function submitting(
  formAction: string,
  formMethod: string,
  fields: Record<string, string> = {},
  state: Nav["state"] = "submitting",
): Nav {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  return { state, formAction, formMethod, formData } as Nav;
}

describe("isFormPending", () => {
  const login = { action: "/login?redirectTo=%2Fcart", method: "post" };

  it("is false when nothing is in flight", () => {
    expect(isFormPending(idle, login)).toBe(false);
  });

  it("is true while this form's own POST is sent and while its answer's page loads", () => {
    expect(isFormPending(submitting("/login?redirectTo=%2Fcart", "POST"), login)).toBe(true);
    expect(isFormPending(submitting("/login?redirectTo=%2Fcart", "POST", {}, "loading"), login)).toBe(true);
  });

  it("is false while a link is followed (a loading navigation without a form)", () => {
    const link: Nav = { state: "loading", formAction: undefined, formMethod: undefined, formData: undefined };
    expect(isFormPending(link, login)).toBe(false);
  });

  it("is false for another form: another action, another method, another intent", () => {
    expect(isFormPending(submitting("/logout", "POST"), { action: "/profile", method: "post" })).toBe(false);
    expect(isFormPending(submitting("/products", "GET"), { action: "/products", method: "post" })).toBe(
      false,
    );
    const review = { action: "/products/tea", method: "post", intent: "review" };
    expect(isFormPending(submitting("/products/tea", "POST", { intent: "add-to-cart" }), review)).toBe(false);
    expect(isFormPending(submitting("/products/tea", "POST", { intent: "review" }), review)).toBe(true);
  });

  it("matches a GET form whatever fields it sent, and tells an index route from its layout", () => {
    expect(
      isFormPending(submitting("/products?category=tea&sort=price", "GET"), { action: "/products" }),
    ).toBe(true);
    expect(isFormPending(submitting("/admin?index", "POST"), { action: "/admin", method: "post" })).toBe(
      false,
    );
    expect(
      isFormPending(submitting("/admin?index", "POST"), { action: "/admin?index", method: "post" }),
    ).toBe(true);
  });
});
