import { Links, Meta, Scripts, ScrollRestoration } from "@remix-run/react";
import type { CSSProperties, ReactNode } from "react";
import { TranslationProvider } from "~/lib/use-translation";
import { brandStyle } from "~/lib/brand";
import { DICTIONARY_URL } from "~/lib/dictionary-url";
import { getI18n, hasDictionary } from "~/lib/i18n";
import { useNonce } from "~/lib/nonce";
import type { Shell } from "~/lib/shell";
import type { ToastMessage } from "~/lib/toast";
import { ProgressBar } from "./ProgressBar";
import { Toasts } from "./Toasts";

/**
 * The HTML document for every page, error pages included. Language, direction, theme and brand
 * colours are attributes of <html> rendered by the server, so there is no flash on load.
 */
export function Document({
  shell,
  toast = null,
  children,
}: {
  shell: Shell;
  toast?: ToastMessage | null;
  children: ReactNode;
}) {
  const nonce = useNonce();
  if (typeof document !== "undefined" && !hasDictionary(shell.locale)) {
    // The language changed without a document load (another tab chose it, say): only a fresh
    // document brings the other dictionary.
    window.location.reload();
    return null;
  }
  const i18n = getI18n(shell.locale);
  return (
    <TranslationProvider i18n={i18n}>
      <html
        lang={shell.locale}
        dir={shell.dir}
        className={shell.theme === "dark" ? "dark" : undefined}
        style={brandStyle(shell.brand, shell.theme) as CSSProperties}
      >
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=6" />
          <Meta />
          <Links />
          {/*
           * entry.client.tsx fetches it before hydrating; the preload starts that with the HTML.
           * After the stylesheet and any image preload a route's meta adds: the first paint and
           * the largest image need those sooner than hydration needs the words.
           */}
          <link rel="preload" href={DICTIONARY_URL[shell.locale]} as="fetch" crossOrigin="anonymous" />
        </head>
        <body className="flex min-h-dvh flex-col bg-page font-sans text-ink antialiased">
          <ProgressBar />
          {children}
          <Toasts toast={toast} dir={shell.dir} theme={shell.theme} />
          <ScrollRestoration nonce={nonce} />
          <Scripts nonce={nonce} />
        </body>
      </html>
    </TranslationProvider>
  );
}
