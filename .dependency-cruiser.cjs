// The import rules of the layers and features STYLE.md describes (21, and the layout), checked
// by `pnpm lint`: a wrong import fails the build. docs/decisions/029-import-rules.md says why.
// Rules name folders, not files, wherever they can: files move within a folder, folders stay.
// An exception is named in the rule, with the reason beside it.

/** The API's folders that hold no feature: the ledger core, shared helpers, the REST plumbing. */
const API = '^packages/api/src/';
const SHARED = [
  `${API}(ids|money)/`,
  `${API}(errors|db-rows|sql-filters|batching|parse-once|unavailable)\\.ts$`,
  // The schemas' building blocks (money, instants, ids); rest/define.ts and routes.ts are the
  // adapter, which assembles the features.
  `${API}rest/schemas\\.ts$`,
];
/** Any folder of the API that is a feature (auth, loans, support, ...). */
const FEATURE = `${API}(?!ledger/|ids/|money/|rest/|testing/)[^/]+/`;
/** What runs in the browser (the end-to-end journeys in apps/web/e2e run in Node). */
const WEB_BUNDLE = '^apps/web/src/';
/** Tests and test helpers may drive a module through the whole application. */
const TESTS = ['\\.test\\.tsx?$', '/testing[^/]*\\.ts$', '/testing/', '^apps/web/e2e/'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A cycle makes two modules one: neither can be read, tested or moved alone.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment:
        'An import that does not resolve names a package the importer does not declare (a ' +
        'layer it may not reach): the other rules could not see where it leads.',
      severity: 'error',
      from: {},
      // Generated modules (see `exclude`) resolve only once they are made.
      to: { couldNotResolve: true, pathNot: ['(^|/)generated/', 'routeTree\\.gen\\.ts$'] },
    },
    {
      name: 'ledger-imports-no-feature',
      comment:
        'The ledger core (docs/architecture.md 3, the one front door of the money) depends on itself, the ' +
        'shared helpers and the database; the features call it, never the other way.',
      severity: 'error',
      from: { path: `${API}ledger/`, pathNot: TESTS },
      to: {
        path: API,
        pathNot: [
          `${API}ledger/`,
          ...SHARED,
          // The money write keeps its events in its own statement (decisions 008, 048):
          // the event log is the ledger's outbox as much as anyone's.
          `${API}realtime/events\\.ts$`,
          // The one definition of an open session, which the money write confirms in the same
          // statement (decision 022); a copy here could drift from auth's.
          `${API}auth/sessions\\.ts$`,
        ],
      },
    },
    {
      name: 'ledger-internals-stay-inside',
      comment:
        'The read, the book, the write and what the desk remembers are how the desk works; ' +
        'features use the desk, the kinds, postings, idempotency and the row types.',
      severity: 'error',
      from: { pathNot: [`${API}ledger/`, ...TESTS] },
      to: {
        path: `${API}ledger/(book|read|write|known-accounts|retry|stored-answer|new-row|movement-events)\\.ts$`,
      },
    },
    {
      name: 'shared-helpers-import-no-feature',
      comment: 'Shared helpers sit under everything: they import nothing of the application.',
      severity: 'error',
      from: { path: SHARED },
      to: { path: API, pathNot: SHARED },
    },
    {
      name: 'dependency-types-only',
      comment:
        'deps.ts holds the types of the application dependencies and imports types only, so ' +
        'that every feature may take them without pulling in (or cycling through) another.',
      severity: 'error',
      from: { path: `${API}deps\\.ts$` },
      to: { dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'features-build-no-context',
      comment:
        'context.ts builds the application (createAppDeps, createContextInner) for the server ' +
        'and the tests; features take the types from deps.ts.',
      severity: 'error',
      from: { path: [FEATURE, `${API}ledger/`, ...SHARED], pathNot: TESTS },
      to: { path: `${API}context\\.ts$` },
    },
    {
      name: 'feature-transport-is-private',
      comment:
        "A feature's router.ts and rest.ts are its transport: only the assembly (root.ts, " +
        'rest/routes.ts) and the feature itself import them; other features call its services.',
      severity: 'error',
      from: {
        path: `${API}([^/]+)/`,
        pathNot: [`${API}rest/routes\\.ts$`, ...TESTS],
      },
      to: { path: `${API}[^/]+/(router|rest)\\.ts$`, pathNot: `${API}$1/` },
    },
    {
      name: 'no-test-code-in-production',
      comment: 'Test helpers (harnesses, test databases) never reach the running application.',
      severity: 'error',
      from: { path: '^(apps|packages)/', pathNot: TESTS },
      to: { path: TESTS },
    },
    {
      name: 'packages-import-no-app',
      comment: 'Packages are the layers under the apps: they never import an app.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^(apps|bench)/' },
    },
    {
      name: 'db-imports-no-other-package',
      comment: 'The database package is the bottom layer: tables, migrations, the client.',
      severity: 'error',
      from: { path: '^packages/db/' },
      to: { path: '^packages/(api|auth|validators)/' },
    },
    {
      name: 'validators-import-only-enums',
      comment:
        'The zod schemas are shared with the SPA: from the database they take only the enums, ' +
        'never the client or the tables.',
      severity: 'error',
      from: { path: '^packages/validators/' },
      to: { path: '^packages/(api|auth|config)/|^packages/db/src/(?!enums\\.ts$)' },
    },
    {
      name: 'auth-and-config-stand-alone',
      comment: 'Session tokens, passwords, TOTP and the environment schema need no other package.',
      severity: 'error',
      from: { path: '^packages/(auth|config)/' },
      to: { path: '^packages/(api|db|validators)/' },
    },
    {
      name: 'server-imports-no-web-source',
      comment: 'The server serves the SPA from its build (apps/web/dist), never from its source.',
      severity: 'error',
      from: { path: '^apps/server/' },
      to: { path: '^apps/web/' },
    },
    {
      name: 'web-imports-only-the-router-type',
      comment:
        "The SPA knows the server through the router's type alone (STYLE.md 5): no server code " +
        'reaches the browser bundle.',
      severity: 'error',
      from: { path: WEB_BUNDLE },
      to: { path: '^packages/api/', pathNot: `${API}root\\.ts$` },
    },
    {
      name: 'web-imports-the-router-as-a-type',
      comment: "The router's module itself would bring the whole server: its type only.",
      severity: 'error',
      from: { path: WEB_BUNDLE },
      to: { path: '^packages/api/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'web-imports-no-server-package',
      comment: 'The database client, session secrets and the environment stay on the server.',
      severity: 'error',
      from: { path: WEB_BUNDLE },
      to: { path: '^(apps/server|packages/(db|auth|config))/' },
    },
    {
      name: 'web-features-stand-alone',
      comment:
        "A web feature does not import another's components or hooks (STYLE.md layout); what " +
        'two share lives in components/ or lib/, and routes compose them.',
      severity: 'error',
      from: {
        path: '^apps/web/src/features/([^/]+)/',
        pathNot: [
          // The application's frame (header, side menu, banners) composes the features'
          // always-on pieces, as the routes compose their pages.
          '^apps/web/src/features/shell/',
          // The maintenance test sends the realtime event the notice listens for.
          '^apps/web/src/features/maintenance/maintenance\\.test\\.tsx$',
        ],
      },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-code-imports-no-feature',
      comment: 'components/ and lib/ serve every feature, so they import none (nor any route).',
      severity: 'error',
      from: { path: '^apps/web/src/(components|lib)/', pathNot: TESTS },
      to: { path: '^apps/web/src/(features|routes)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Generated code is not ours to layer, and is absent until made (the SPA's route tree by
    // its build, the journey client's schema by generated-client.test.ts).
    exclude: {
      path: [
        'node_modules',
        '/dist/',
        '\\.data/',
        // What a journey run leaves (traces hold the built chunks).
        'test-results/',
        'playwright-report/',
        'routeTree\\.gen\\.ts$',
        'client-journey/generated/',
        'client-journey-hey/generated/',
      ],
    },
    // Type-only imports count: a type cycle is still a cycle, and the SPA's one import of the
    // server is a type.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
