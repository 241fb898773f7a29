import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { TranslationProvider } from "~/lib/use-translation";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { getI18n, provideDictionary, type Locale } from "~/lib/i18n";
import ar from "~/locales/ar.json";
import en from "~/locales/en.json";

provideDictionary("en", en);
provideDictionary("ar", ar);

/**
 * Server-renders a kit component at `url` inside a router (Remix's Link and Form need one) and
 * the locale's translations, as the server renders a page: the HTML a visitor without JavaScript
 * gets. Vitest runs in Node, with no DOM, so kit components are tested on their markup.
 */
export async function renderAt(url: string, element: ReactElement, locale: Locale = "en"): Promise<string> {
  const routes = [{ path: "*", element }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, "http://store.localhost")));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(
    createElement(
      TranslationProvider,
      { i18n: getI18n(locale) },
      createElement(StaticRouterProvider, { router, context, hydrate: false }),
    ),
  );
}
