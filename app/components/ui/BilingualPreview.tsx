import type { ReactNode } from "react";
import { useTranslation } from "~/lib/use-translation";

export type PreviewLang = "en" | "ar";

/**
 * One preview pane: a frame that looks like a piece of the storefront, laid out for one language
 * (right to left for Arabic). Its labels stay in the admin's language; the owner's texts in it
 * carry their own direction.
 */
export function PreviewPane({
  label,
  lang,
  children,
}: {
  label: string;
  lang?: PreviewLang;
  children: ReactNode;
}) {
  return (
    <figure className="overflow-hidden rounded-lg border border-line">
      <figcaption className="border-b border-line bg-card px-3 py-1 text-sm font-bold">
        <bdi>{label}</bdi>
      </figcaption>
      <div dir={lang ? (lang === "ar" ? "rtl" : "ltr") : undefined} className="bg-page text-ink">
        {children}
      </div>
    </figure>
  );
}

/** The same preview in English and in Arabic, one pane each ("In English", "In Arabic"). */
export function BilingualPreview({ children }: { children: (lang: PreviewLang) => ReactNode }) {
  const { t } = useTranslation();
  return (["en", "ar"] as const).map((lang) => (
    <PreviewPane
      key={lang}
      lang={lang}
      label={t(lang === "en" ? "admin.settings.inEnglish" : "admin.settings.inArabic")}
    >
      {children(lang)}
    </PreviewPane>
  ));
}
