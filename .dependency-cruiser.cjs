/**
 * The import rules of the repository, checked by `npm run lint`: the graph of docs/architecture.md,
 * no reaching into another package's tests, the importer's public entry and no import cycles
 * (type-only imports included). Change the graph here, in docs/architecture.md and with an ADR,
 * never alone. test/structure.test.ts shows that a violation of each rule is reported.
 * @type {import('dependency-cruiser').IConfiguration}
 */

/** Which workspace folders each one may import, by package name or by relative path alike. bench/ measures internals and is left free. */
const MAY_IMPORT = {
  'apps/web': ['packages/contract'],
  'apps/server': ['packages/contract', 'packages/db', 'packages/geo', 'packages/testing', 'data/importer'],
  'packages/contract': ['packages/layer-style'],
  'packages/db': ['packages/layer-style'],
  'packages/geo': ['packages/contract'],
  'packages/layer-style': [],
  'packages/testing': [],
  'data/importer': ['packages/contract', 'packages/db', 'packages/geo'],
  e2e: ['packages/contract', 'packages/testing'],
};
const FOLDERS = [...Object.keys(MAY_IMPORT), 'bench', 'test'];
const TEST_FOLDER = '^(apps|packages|data)/[^/]+/test/';

/** The web app's server build (`react-router build`), which the server imports to render pages (ADR 0034). */
const WEB_SERVER_BUILD = '^apps/web/build/server/index\\.js$';

const boundaries = Object.entries(MAY_IMPORT).map(([folder, allowed]) => ({
  name: `boundary:${folder}`,
  severity: 'error',
  comment: `${folder} may import only ${allowed.join(', ') || 'no other workspace folder'} (docs/architecture.md).`,
  from: { path: `^${folder}/` },
  to: {
    path: `^(${FOLDERS.filter((other) => other !== folder && !allowed.includes(other)).join('|')})/`,
    ...(folder === 'apps/server' ? { pathNot: WEB_SERVER_BUILD } : {}),
  },
}));

module.exports = {
  forbidden: [
    ...boundaries,
    {
      name: 'importer-public-entry',
      severity: 'error',
      comment:
        'apps/server uses the importer only through @portal/importer (data/importer/src/index.ts), whose exports are the whole contract between them.',
      from: { path: '^apps/server/' },
      to: { path: '^data/importer/', pathNot: '^data/importer/src/index\\.ts$' },
    },
    {
      name: 'server-renders-with-web-build',
      severity: 'error',
      comment:
        "apps/server reaches the web app only through its server build (@portal/web/server-build), in services/page-rendering.ts, which mounts React Router's request handler (ADR 0034).",
      from: { path: '^apps/server/', pathNot: '^apps/server/src/services/page-rendering\\.ts$' },
      to: { path: '^apps/web/' },
    },
    {
      name: 'no-foreign-tests',
      severity: 'error',
      comment: "Do not import another package's test files; shared test helpers live in @portal/testing.",
      from: { path: '^((apps|packages|data)/[^/]+)/' },
      to: { path: TEST_FOLDER, pathNot: '^$1/' },
    },
    {
      name: 'no-foreign-tests-outside-packages',
      severity: 'error',
      comment: "Do not import a package's test files; shared test helpers live in @portal/testing.",
      from: { pathNot: '^(apps|packages|data)/' },
      to: { path: TEST_FOLDER },
    },
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'Modules import each other, if only for types: move what both need into a third module.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // The web app's build is an edge (the server imports it), not code to check.
    doNotFollow: { path: ['node_modules', '^apps/web/build/'] },
    // structure-probe-: files test/structure.test.ts writes and removes while lint may run beside it.
    exclude: { path: ['node_modules', '/dist/', '/dist-ssr/', '^var/', 'structure-probe-'] },
    tsPreCompilationDeps: true,
    // Workspace packages resolve through their package.json exports to their source, so the rules see across packages.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
      conditionNames: ['import', 'default'],
    },
  },
};
