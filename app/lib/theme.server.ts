import { createCookie } from "@remix-run/node";
import { cookieDefaults } from "./cookies.server";
import { DEFAULT_THEME, isTheme, type Theme } from "./theme";

export const themeCookie = createCookie("theme", { ...cookieDefaults, maxAge: 60 * 60 * 24 * 365 });

export async function getTheme(request: Request): Promise<Theme> {
  const value: unknown = await themeCookie.parse(request.headers.get("Cookie"));
  return isTheme(value) ? value : DEFAULT_THEME;
}
