import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { DICTIONARY_URL } from "~/lib/dictionary-url";
import { DEFAULT_LOCALE, isLocale, provideDictionary, type Resources } from "~/lib/i18n";

/**
 * Marks <html data-hydrated> once React has taken over the server's HTML: its effects run after
 * the whole document has hydrated. Browser tests wait for it before typing into inputs that
 * hydration could reset, or clicking what has no handler until then.
 */
function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return null;
}

// The page's dictionary is a static file (preloaded by the document) rather than loader data, so
// it is downloaded once and cached instead of riding along in every page.
const lang = document.documentElement.lang;
const locale = isLocale(lang) ? lang : DEFAULT_LOCALE;

void fetch(DICTIONARY_URL[locale])
  .then((response) => {
    if (!response.ok) throw new Error(`dictionary ${locale}: HTTP ${response.status}`);
    return response.json() as Promise<Resources>;
  })
  .then(
    (resources) => {
      provideDictionary(locale, resources);
      startTransition(() => {
        hydrateRoot(
          document,
          <StrictMode>
            <RemixBrowser />
            <HydrationMark />
          </StrictMode>,
        );
      });
    },
    // Without it the page cannot hydrate; the server-rendered HTML stays usable as it is
    // (every form and link works without JavaScript).
    // eslint-disable-next-line no-restricted-properties -- in the browser: its console is the only log there is
    (error: unknown) => console.error(error),
  );
