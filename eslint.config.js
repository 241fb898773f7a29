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

/**
 * A disable comment names its reason after ` -- ` (ESLint's own syntax for it): every one in a
 * test; in app/ and server/ those that switch off one of `rules` (or every rule).
 */
const disableWithReason = {
  meta: {
    type: "problem",
    schema: [
      {
        type: "object",
        properties: { rules: { type: "array", items: { type: "string" } } },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const only = context.options[0]?.rules;
    const concerned = (text) => {
      if (!only) return true;
      const named = text.replace(/^eslint-disable(-next-line|-line)?/, "").split(/\s--\s/)[0];
      const rules = named
        .split(",")
        .map((rule) => rule.trim())
        .filter(Boolean);
      return rules.length === 0 || rules.some((rule) => only.includes(rule));
    };
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          const text = comment.value.trim();
          if (
            /^eslint-disable(-next-line|-line)?\b/.test(text) &&
            !/\s--\s*\S/.test(text) &&
            concerned(text)
          ) {
            context.report({
              loc: comment.loc,
              message: "Say why after ` -- `: a rule switched off here needs its reason on the line.",
            });
          }
        }
      },
    };
  },
};

// ── Layers (docs/decisions/010-layers.md): each layer imports only downwards. ──
//
// Each refusal below is a regex over the import's source and is checked in every form an import
// takes: `import`/`export … from` (no-restricted-imports) and `import("…")` (no-restricted-syntax),
// by every spelling of the path (reachesLayer). The other forms are refused outright by
// typescript-eslint's recommended rules: `import("…").T` types (consistent-type-imports) and
// require() (no-require-imports). None of them is a side door; each message says where the code
// belongs. tests/unit/layers.test.ts lints a probe for every rule.

const refusal = (regex, message) => ({ regex, message });
const layerRefusal = (layers, message) => refusal(reachesLayer(...layers), message);
// esquery regexes cannot contain a slash: the same pattern with each "/" spelled \x2F.
const esqueryRegex = (regex) => `/${regex.replaceAll("/", "\\x2F")}/`;

const whereTheEnvironmentIsRead =
  "Only app/lib/config.server.ts reads the environment (decision 021): add the variable to its zod schema and read config(); server/start-config.ts loads it at start.";
const importsAreStrings = "import() takes a plain string literal, so the layer rules can read where it goes.";
const esModulesOnly = "ES modules only: createRequire hides a dependency from the layer rules; use import.";
// The legitimate dynamic imports are the browser bundle's lazy chunks: a schema loaded on a
// form's first focus (decision 006), a dialog's or menu's panel, sonner (decision 028). They live
// in app/components and app/routes; server code has nothing to load later and imports statically.
const importCallsAreForTheBrowser =
  "import() is for the browser's lazy chunks, in app/components and app/routes only (decisions 006, 028). Here import statically, so the dependency shows and the layer rules check it.";

/** Side doors closed everywhere in app/ and server/: they reach around the refusals. */
const sideDoors = [
  { selector: "ImportExpression[source.type!='Literal']", message: importsAreStrings },
  // globalThis.process.env, process[name], and `process` handed on under another name.
  {
    selector: "MemberExpression[property.name='env'][object.property.name='process']",
    message: whereTheEnvironmentIsRead,
  },
  {
    selector: "MemberExpression[object.name='process'][computed=true][property.type!='Literal']",
    message: whereTheEnvironmentIsRead,
  },
  {
    selector:
      ":matches(VariableDeclarator[init.name='process'][id.type='Identifier'], AssignmentExpression[right.name='process'], CallExpression[arguments.0.name='process']:not([callee.property.name='bind']))",
    message: whereTheEnvironmentIsRead,
  },
];

/** Refused in every layer of app/ and in server/. */
const everywhere = [
  refusal("^(?:node:)?process$", whereTheEnvironmentIsRead),
  refusal("^(?:node:)?module$", esModulesOnly),
];

const appBelowServer =
  "server/ (Express, the edge, metrics, the page cache) sits above app/ and calls into it, never the other way: a hook it installs belongs in app/lib (as metrics.server.ts is).";
/** Refused in every layer of app/: server/ and the packages only it may use (decision 021). */
const inApp = [
  ...everywhere,
  refusal(reachesLayer("server"), appBelowServer),
  refusal(
    "^(?:prom-client|express)$",
    "prom-client and express live in server/ (decision 021): app code reports through the hooks of app/lib/metrics.server.ts and answers through Remix.",
  ),
];

/**
 * One layer's config: its refusals as import rules, plus `extraSyntax`. `importCalls: "static"`
 * refuses every import() that no refusal already names (server code has no lazy chunks).
 */
function layer(files, refusals, { importCalls = "static", extraSyntax = [] } = {}) {
  const all = [...refusals];
  const syntax = all.flatMap(({ regex, message }) => [
    { selector: `ImportExpression[source.value=${esqueryRegex(regex)}]`, message },
  ]);
  if (importCalls === "static") {
    const unnamed = all.map(({ regex }) => `:not([source.value=${esqueryRegex(regex)}])`).join("");
    syntax.push({
      selector: `ImportExpression[source.type='Literal']${unnamed}`,
      message: importCallsAreForTheBrowser,
    });
  }
  return {
    files,
    rules: {
      "no-restricted-imports": ["error", { paths: [ownTranslationHook], patterns: all }],
      "no-restricted-syntax": ["error", ...sideDoors, ...syntax, ...extraSyntax],
    },
  };
}

const uiNeverTouchesTheDb = layerRefusal(
  ["db"],
  "Routes and components never touch the database: call a service (app/services) from the loader or action.",
);
/** A `.server` module by any spelling (`~/services/tax/invoices.server`, `./x.server.ts`). */
const SERVER_MODULE = "\\.server(?:\\.[cm]?[jt]sx?)?$";
const componentsImportNoServer =
  "Components never import a .server module, not even for a type: import the view type or schema from its domain's contract module (app/services/<domain>/contract.ts, no .server) or app/lib, which the .server module imports too.";
const servicesReturnData =
  "Services never import a component: they return data and a route renders it with app/components. A type or constant both need belongs in the service's domain (a module without .server) or in app/lib.";
const dbIsTheBottom =
  "app/db sits below every layer but app/lib: it never imports HTTP code, a route or a component; they reach the database through a service.";
const libImportsNoLayer =
  "app/lib holds shared helpers below the services: it never imports a service, HTTP code or the database. A helper that needs one belongs in that layer (app/services/<domain>, app/http).";
const serverReachesUiThroughRemix =
  "server/ reaches routes and components only through the Remix build (server/edge/remix-handler.ts): what it needs from the app comes from app/http, a service or app/lib.";

// Logging goes through the logger (decision 021): JSON lines a collector reads, with the request
// id. A line that must stay plain text for the person at the terminal (server.ts's banner) says
// why on the line: `// eslint-disable-next-line no-restricted-properties -- why`.
const logThroughTheLogger = {
  object: "console",
  message:
    "Log through `logger` of app/lib/log.server.ts (decision 021; `errorFields(error)` for an error). Plain text for a person at the terminal: eslint-disable-next-line with its reason after --.",
};
const houseRulesNeedAReason = ["no-restricted-imports", "no-restricted-syntax", "no-restricted-properties"];

const layerRules = [
  {
    files: ["app/**", "server/**", "server.ts"],
    plugins: { house: { rules: { "disable-with-reason": disableWithReason } } },
    rules: {
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: whereTheEnvironmentIsRead },
        logThroughTheLogger,
      ],
      "house/disable-with-reason": ["error", { rules: houseRulesNeedAReason }],
    },
  },
  {
    // The two modules that read the environment (decision 021).
    files: ["app/lib/config.server.ts", "server/start-config.ts"],
    rules: { "no-restricted-properties": ["error", logThroughTheLogger] },
  },
  // app/ files outside the layers below (entry.*, load-context.ts, routes.ts).
  layer(["app/**"], inApp),
  layer(["app/routes/**", "app/root.tsx"], [...inApp, uiNeverTouchesTheDb], { importCalls: "lazy chunks" }),
  layer(
    ["app/components/**"],
    [...inApp, uiNeverTouchesTheDb, refusal(SERVER_MODULE, componentsImportNoServer)],
    { importCalls: "lazy chunks" },
  ),
  layer(
    ["app/services/**"],
    [
      ...inApp,
      refusal("^@remix-run/", servicesKnowNoHttp),
      layerRefusal(["http", "routes"], servicesKnowNoHttp),
      layerRefusal(["components"], servicesReturnData),
    ],
    {
      extraSyntax: [
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
      ],
    },
  ),
  layer(
    ["app/db/**"],
    [
      ...inApp,
      layerRefusal(["services"], dbImportsNoService),
      layerRefusal(["http", "routes", "components"], dbIsTheBottom),
    ],
  ),
  layer(["app/http/**"], [...inApp, layerRefusal(["components", "routes"], httpImportsNoUi)]),
  layer(
    ["app/lib/**"],
    [...inApp, layerRefusal(["services", "http", "routes", "components", "db"], libImportsNoLayer)],
  ),
  layer(
    ["server/**", "server.ts"],
    [...everywhere, layerRefusal(["routes", "components"], serverReachesUiThroughRemix)],
  ),
];

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
    files: ["tests/**"],
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
  ...layerRules,
);
