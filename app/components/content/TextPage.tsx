import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { seo } from "~/lib/seo";

export type TextPageKind = "about" | "terms" | "privacy";

const PAGES: Record<TextPageKind, { title: string; empty: string }> = {
  // SPEC §8: an empty About page says 'About Us Coming Soon......'.
  about: { title: "content.aboutTitle", empty: "notFound.aboutUs" },
  terms: { title: "content.termsTitle", empty: "content.termsEmpty" },
  privacy: { title: "content.privacyTitle", empty: "content.privacyEmpty" },
};

export const textPageMeta =
  (kind: TextPageKind): MetaFunction =>
  (args) =>
    seo({ ...args, page: (t) => t(PAGES[kind].title), path: `/${kind}` });

/** A page of text the store owner wrote: plain text, paragraphs kept, in the reader's language. */
export function TextPage({ kind }: { kind: TextPageKind }) {
  const { body } = useLoaderData<{ body: string }>();
  const { t } = useTranslation();
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-extrabold">{t(PAGES[kind].title)}</h1>
      {body.trim() ? (
        <div dir="auto" className="mt-6 text-lg leading-relaxed whitespace-pre-line">
          {body}
        </div>
      ) : (
        <p className="mt-6 text-lg text-muted">{t(PAGES[kind].empty)}</p>
      )}
    </article>
  );
}
