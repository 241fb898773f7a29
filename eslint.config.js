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

// Tests wait on the event itself (eventually(), a promise, fake timers), never on a guessed pause
// (issue 32). A sleep that IS the behaviour under test says so on the line:
// `// eslint-disable-next-line no-restricted-syntax -- why`; the reason is required.
const waitOnTheEvent =
  "Wait on the event itself (eventually(), a promise, vi.useFakeTimers()); a sleep that is the behaviour under test: eslint-disable-next-line with its reason after --.";
const noSleeps = [
  // new Promise((resolve) => setTimeout(resolve, ms)), with or without a block around it.
  {
    selector:
      "NewExpression[callee.name='Promise'] > :function > CallExpression.body[callee.name='setTimeout']",
    message: waitOnTheEvent,
  },
  {
    selector:
      "NewExpression[callee.name='Promise'] > :function > BlockStatement[body.length=1] > ExpressionStatement > CallExpression[callee.name='setTimeout']",
    message: waitOnTheEvent,
  },
  { selector: "CallExpression[callee.property.name='waitForTimeout']", message: waitOnTheEvent },
  {
    selector:
      ":matches(VariableDeclarator, FunctionDeclaration)[id.name=/^(sleep|delay|pause|wait|waitMs|snooze)$/i]",
    message: waitOnTheEvent,
  },
];
const timersPromises = ["timers/promises", "node:timers/promises"].map((name) => ({
  name,
  importNames: ["setTimeout", "scheduler"],
  message: waitOnTheEvent,
}));

/** A disable comment in a test names its reason after ` -- ` (ESLint's own syntax for it). */
const disableWithReason = {
  meta: { type: "problem", schema: [] },
  create(context) {
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          const text = comment.value.trim();
          if (/^eslint-disable(-next-line|-line)?\b/.test(text) && !/\s--\s*\S/.test(text)) {
            context.report({
              loc: comment.loc,
              message: "Say why after ` -- `: a rule switched off in a test needs its reason on the line.",
            });
          }
        }
      },
    };
  },
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
  {
    // The tests and their helpers; not tests/bench (measurements) nor the Stripe stand-in's timers.
    files: ["tests/{unit,integration,e2e,helpers}/**"],
    plugins: { tests: { rules: { "disable-with-reason": disableWithReason } } },
    rules: {
      "no-restricted-imports": ["error", { paths: [ownTranslationHook, ...timersPromises] }],
      "no-restricted-syntax": ["error", ...noSleeps],
      "tests/disable-with-reason": "error",
    },
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
