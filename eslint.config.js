// Lint rules of the repository. The import boundaries below encode docs/architecture.md; change
// them with the graph there and an ADR, never alone. Import cycles, type-only imports included,
// are checked by dependency-cruiser (.dependency-cruiser.cjs): ESLint's no-cycle skips type imports.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FOREIGN_TESTS = {
  group: ['**/apps/server/test/**', '**/apps/web/test/**', '**/packages/*/test/**', '**/data/importer/test/**'],
  message: "Do not import another package's test files; shared test helpers live in @portal/testing.",
};

/**
 * The import graph of docs/architecture.md: which workspace folders each one may import, by
 * package name or by relative path alike (import-x resolves both). bench/ measures internals and
 * is left free.
 */
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
const FOLDERS = [...Object.keys(MAY_IMPORT), 'bench'];

const boundaryZones = Object.entries(MAY_IMPORT).map(([target, allowed]) => ({
  target: `./${target}`,
  from: FOLDERS.filter((folder) => folder !== target && !allowed.includes(folder)).map((folder) => `./${folder}`),
  message: `${target} may import only ${allowed.join(', ') || 'no other workspace folder'} (docs/architecture.md).`,
}));

export default tseslint.config(
  { ignores: ['**/dist/**', 'var/**', '**/node_modules/**', 'data/raw/**', 'playwright-report/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: {
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { patterns: [FOREIGN_TESTS] }],
      // Fastify's plugin API asks for async functions, which need not await anything.
      '@typescript-eslint/require-await': 'off',
      // React event handlers may be async; their promise is handled inside them.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  { files: ['**/*.js', '**/*.mjs', '**/*.cjs'], ...tseslint.configs.disableTypeChecked },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs' } },
  {
    // Tests read answers and files as untyped JSON on purpose (a wrong shape must fail the test,
    // not the compiler); the source they test gets the full type-aware rules.
    files: ['**/*.test.ts', '**/test/**/*.ts', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Migrations are typed against Kysely<any> on purpose: they must not follow later table types.
    files: ['packages/db/migrations/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // A scrollable region (the preview table) must take the keyboard focus to be scrolled by keys.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { roles: ['region'], tags: [] }],
    },
  },
  prettier,
);
