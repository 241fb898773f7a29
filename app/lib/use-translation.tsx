/**
 * The page's translator for components: `const { t, i18n } = useTranslation()`. All the app
 * needed of react-i18next was this hook and its provider over our own instance (i18n.ts); its
 * 3 KB gzip in every page are spent on the 110 KB budget instead (decision 028).
 */
import type { i18n as I18n, TFunction } from "i18next";
import { createContext, useContext, type ReactNode } from "react";

const TranslationContext = createContext<I18n | null>(null);

export function TranslationProvider({ i18n, children }: { i18n: I18n; children?: ReactNode }) {
  return <TranslationContext.Provider value={i18n}>{children}</TranslationContext.Provider>;
}

export function useTranslation(): { t: TFunction; i18n: I18n } {
  const i18n = useContext(TranslationContext);
  if (!i18n) throw new Error("useTranslation needs a TranslationProvider above it");
  return { t: i18n.t, i18n };
}
