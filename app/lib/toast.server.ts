/**
 * Server-side toasts travel in a signed flash cookie (DESIGN §7): an action sets it with its
 * redirect, the next document or data request reads it and clears it, and the root shows it
 * once. The cookie carries a locale key and params, so the toast is shown in the reader's locale.
 */
import { randomUUID } from "node:crypto";
import { createCookie, redirect } from "@remix-run/node";
import { cookieDefaults, cookieSecrets } from "./cookies.server";
import { isToastMessage, type ToastMessage, type ToastType } from "./toast";

export interface ToastInput {
  key: string;
  type?: ToastType;
  params?: Record<string, string | number>;
}

const HAS_TOAST = /(?:^|;\s*)toast=/;

let cookie: ReturnType<typeof createCookie> | undefined;
// Created on first use so SESSION_SECRET is read after the environment is loaded.
function toastCookie() {
  cookie ??= createCookie("toast", { ...cookieDefaults, maxAge: 60, secrets: cookieSecrets() });
  return cookie;
}

/** Tests only: the next toast reads SESSION_SECRET again (as `forgetSessionCookies`). */
export function forgetToastCookie(): void {
  cookie = undefined;
}

function toMessage(input: ToastInput): ToastMessage {
  return { id: randomUUID(), type: input.type ?? "success", key: input.key, params: input.params };
}

/** A Set-Cookie value carrying the toast; append it to any response. */
export function toastSetCookie(input: ToastInput): Promise<string> {
  return toastCookie().serialize(toMessage(input));
}

/** A redirect that shows `input` as a toast on the page it lands on. */
export async function redirectWithToast(
  url: string,
  input: ToastInput,
  init: ResponseInit = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastSetCookie(input));
  return redirect(url, { ...init, headers });
}

/**
 * The pending toast, if any, and headers that clear it. The headers are empty when there is no
 * toast, so ordinary responses carry no Set-Cookie. A tampered or unsigned cookie reads as none.
 */
export async function getToast(request: Request): Promise<{ toast: ToastMessage | null; headers: Headers }> {
  const headers = new Headers();
  const raw = request.headers.get("Cookie");
  // Most requests carry no toast: skip the signature check for them.
  if (!raw || !HAS_TOAST.test(raw)) return { toast: null, headers };
  const value: unknown = await toastCookie().parse(raw);
  headers.append("Set-Cookie", await toastCookie().serialize("", { maxAge: 0 }));
  return { toast: isToastMessage(value) ? value : null, headers };
}
