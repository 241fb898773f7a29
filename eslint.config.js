// ESLint 9 flat config: typescript-eslint for all TS, React + hooks rules for components.
import js from "@eslint/js";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * An import source that reaches the app folder `layer` by any spelling: the `~/` alias, a relative
 * path (`../../http/guards.server`), or `app/…` through tsconfig's baseUrl. Bare package names
 * (`http`, `node:http`) never match. Used for static imports (no-restricted-imports) and dynamic
 * `import()` (no-restricted-syntax) in the layer blocks below.
 */
const reachesLayer = (...layers) => `^(?:~|\\.{1,2}|app)?(?:/.*)?/(?:${layers.join("|")})(?:/|$)`;
// esquery regexes cannot contain a slash: the same pattern with each "/" spelled \x2F.
const dynamicImportOf = (...layers) =>
  `ImportExpression[source.value=/${reachesLayer(...layers).replaceAll("/", "\\x2F")}/]`;

const servicesKnowNoHttp =
  "Services know nothing of HTTP: take plain values (store, ids, locale) and return data; requests, cookies and responses belong to app/http.";
const dbImportsNoService =
  "app/db holds the schema, client and seed below the services: it never imports a service (the seed hashes passwords with ~/lib/passwords.server).";
const httpImportsNoUi =
  "app/http sits below routes and components: it never imports one. Put shared constants in app/lib.";

// Our own hook serves translations (decision 028): react-i18next's would read a context nobody
// provides and show keys. Repeated in every layer block below, which replaces this one's list.
const ownTranslationHook = {
  name: "react-i18next",
  message: "Import useTranslation from ~/lib/use-translation (decision 028).",
};

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".data/",
      ".cache/",
      "node_modules/",
      "playwright-report/",
      "test-results/",
      "blob-report/",
      "drizzle/",
      "tests/bench/results/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,jsx}"],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      // Loaders run on the server and components in both places, so both sets of globals apply.
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      // Leading underscore marks a parameter kept for its position (e.g. `_db` in a stub).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["**/*.{tsx,jsx}"],
    ...react.configs.flat.recommended,
    ...react.configs.flat["jsx-runtime"],
    plugins: { react },
    languageOptions: {
      ...react.configs.flat.recommended.languageOptions,
      ...react.configs.flat["jsx-runtime"].languageOptions,
    },
    settings: { react: { version: "18.3" } },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat["jsx-runtime"].rules,
      // TypeScript already checks props.
      "react/prop-types": "off",
    },
  },
  {
    files: ["**/*.{ts,tsx}"],
    ...reactHooks.configs.flat.recommended,
  },

  {
    files: ["app/**", "tests/**"],
    rules: { "no-restricted-imports": ["error", { paths: [ownTranslationHook] }] },
  },

  // ── Layers (docs/decisions/010-layers.md): each layer imports only downwards. ──
  {
    files: ["app/routes/**", "app/components/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [ownTranslationHook],
          patterns: [
            {
              regex: reachesLayer("db"),
              message: "Routes and components never touch the database: call a service (app/services).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/services/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [ownTranslationHook],
          patterns: [
            {
              group: ["@remix-run/*"],
              message: servicesKnowNoHttp,
            },
            { regex: reachesLayer("http", "routes"), message: servicesKnowNoHttp },
          ],
        },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: "TSTypeReference[typeName.name=/^(Request|Response)$/]",
          message: "Services never take a Request or return a Response: do that work in app/http.",
        },
        {
          selector: "NewExpression[callee.name='Response']",
          message: "Services never build a Response: throw a domain error or return data, app/http answers.",
        },
        {
          selector: "CallExpression[callee.type='MemberExpression'][callee.object.name='Response']",
          message:
            "Services never build a Response (Response.json, Response.redirect): throw a domain error or return data, app/http answers.",
        },
        { selector: dynamicImportOf("http", "routes"), message: servicesKnowNoHttp },
      ],
    },
  },
  {
    files: ["app/db/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [ownTranslationHook],
          patterns: [{ regex: reachesLayer("services"), message: dbImportsNoService }],
        },
      ],
      "no-restricted-syntax": [
        "error",
        { selector: dynamicImportOf("services"), message: dbImportsNoService },
      ],
    },
  },
  {
    files: ["app/http/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [ownTranslationHook],
          patterns: [{ regex: reachesLayer("components", "routes"), message: httpImportsNoUi }],
        },
      ],
      "no-restricted-syntax": [
        "error",
        { selector: dynamicImportOf("components", "routes"), message: httpImportsNoUi },
      ],
    },
  },
  {
    files: ["app/lib/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [ownTranslationHook],
          patterns: [
            {
              regex: reachesLayer("services", "http", "routes", "components", "db"),
              message:
                "app/lib holds shared helpers below the services: it never imports a service, HTTP code or the database.",
            },
          ],
        },
      ],
    },
  },
);
