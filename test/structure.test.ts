// The rules themselves under test (.dependency-cruiser.cjs and eslint.config.js, run by `npm run lint`):
// a deliberate cross-boundary import, an import cycle or a text written inline in a page must be
// reported, so that `npm test` fails on it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cruise, type ICruiseOptions, type IForbiddenRuleType } from 'dependency-cruiser';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const config = createRequire(import.meta.url)(join(ROOT, '.dependency-cruiser.cjs')) as {
  forbidden: IForbiddenRuleType[];
  options: ICruiseOptions & { exclude: { path: string[] } };
};

/** The rules a set of files breaks, cruised with the repository's configuration from the root. */
async function violations(files: string[]): Promise<string[]> {
  const result = await cruise(files, {
    ...config.options,
    // The configuration leaves this test's probes out of `npm run lint`, which may run meanwhile.
    exclude: { path: config.options.exclude.path.filter((path) => path !== 'structure-probe-') },
    baseDir: ROOT,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
  });
  if (typeof result.output === 'string') throw new Error('expected the cruise result as an object');
  // An import that resolves to nothing breaks no rule, so a probe pointing at a moved file would pass unseen.
  const probes = result.output.modules.filter((module) => files.includes(module.source));
  const unresolved = probes.flatMap((module) => module.dependencies.filter((dependency) => dependency.couldNotResolve));
  expect(unresolved.map((dependency) => dependency.module)).toEqual([]);
  return result.output.summary.violations.map((violation) => violation.rule.name);
}

describe('import boundaries', () => {
  // The rules are about where a file lives, so each probe is written where its import would be made, and removed after.
  const probes: string[] = [];
  afterAll(() => probes.forEach((file) => rmSync(join(ROOT, file), { force: true })));
  async function probe(folder: string, code: string): Promise<string[]> {
    const file = `${folder}/structure-probe-${process.pid}-${probes.length}.ts`;
    probes.push(file);
    writeFileSync(join(ROOT, file), code);
    return violations([file]);
  }

  it.each([
    ['apps/web/src', "import { openDb } from '@portal/db/dialect';\nopenDb;\n", 'boundary:apps/web'],
    ['apps/web/src', "import { buildApp } from '../../server/src/app.ts';\nbuildApp;\n", 'boundary:apps/web'],
    [
      'packages/db/src',
      "import { ErrorCodeSchema } from '@portal/contract/errors';\nErrorCodeSchema;\n",
      'boundary:packages/db',
    ],
    [
      'packages/contract/src',
      "import { buildApp } from '../../../apps/server/src/app.ts';\nbuildApp;\n",
      'boundary:packages/contract',
    ],
    [
      'packages/geo/src',
      "import type { Database } from '@portal/db/database';\nexport type D = Database;\n",
      'boundary:packages/geo',
    ],
    [
      'data/importer/src',
      "import { buildApp } from '../../../apps/server/src/app.ts';\nbuildApp;\n",
      'boundary:data/importer',
    ],
    [
      'apps/server/src',
      "import { loadCatalog } from '../../../data/importer/src/catalog.ts';\nloadCatalog;\n",
      'importer-public-entry',
    ],
    [
      'e2e',
      "import { startSmtpSink } from '../apps/server/test/smtp-sink.ts';\nstartSmtpSink;\n",
      'no-foreign-tests-outside-packages',
    ],
    ['data/importer/src', "import '../../../packages/db/test/migrations.test.ts';\n", 'no-foreign-tests'],
    // Only services/page-rendering.ts reaches the web app, and only its server build (npm test builds it first).
    ['apps/server/src', "import '@portal/web/server-build';\n", 'server-renders-with-web-build'],
    ['apps/server/src/services', "import '../../../web/src/routes.ts';\n", 'boundary:apps/server'],
  ])('in %s, %s is refused', async (folder, code, rule) => {
    expect(await probe(folder, code)).toContain(rule);
  });

  it('allows the imports the architecture draws', async () => {
    expect(await probe('apps/web/src', "import { API } from '@portal/contract/paths';\nAPI;\n")).toEqual([]);
    expect(
      await probe(
        'packages/db/src',
        "import { LayerStyleSchema } from '@portal/layer-style/layer-style';\nLayerStyleSchema;\n",
      ),
    ).toEqual([]);
    expect(await probe('data/importer/src', "import { openDb } from '@portal/db/dialect';\nopenDb;\n")).toEqual([]);
    expect(await probe('apps/server/src', "import { loadCatalog } from '@portal/importer';\nloadCatalog;\n")).toEqual(
      [],
    );
  });

  it('follows workspace packages into their source, so the rules see across packages', async () => {
    const result = await cruise(['apps/server/src/app.ts'], { ...config.options, baseDir: ROOT, maxDepth: 1 });
    if (typeof result.output === 'string') throw new Error('expected the cruise result as an object');
    const app = result.output.modules.find((module) => module.source === 'apps/server/src/app.ts');
    const importer = app?.dependencies.find((dependency) => dependency.module === '@portal/importer');
    expect(importer?.resolved).toBe('data/importer/src/index.ts');
    expect(app?.dependencies.filter((dependency) => dependency.couldNotResolve)).toEqual([]);
  });
});

describe('docs/architecture.md', () => {
  it('draws exactly the imports the boundary rules allow', () => {
    const boundaries = config.forbidden.filter((rule) => rule.name?.startsWith('boundary:'));
    const folders = [...boundaries.map((rule) => rule.name!.slice('boundary:'.length)), 'bench', 'test'];
    const enforced = boundaries.flatMap((rule) => {
      const from = rule.name!.slice('boundary:'.length);
      const refused = new RegExp(String((rule as { to: { path?: string } }).to.path));
      return folders.filter((to) => to !== from && !refused.test(`${to}/x.ts`)).map((to) => `${from} -> ${to}`);
    });

    const mermaid = /```mermaid\n([\s\S]*?)```/.exec(readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8'))![1];
    // Nodes are declared once as id[folder<br/>what it is]; arrows are --> or -.-> (imports made by tests only).
    const folderOf = new Map([...mermaid.matchAll(/(\w+)\[([\w/-]+)<br\/>/g)].map(([, id, folder]) => [id, folder]));
    const drawn = [...mermaid.matchAll(/^\s*(\w+)(?:\[[^\]]*\])?\s*(?:-->|-\.->)(?:\|[^|]*\|)?\s*(\w+)/gm)]
      .map(([, from, to]) => [folderOf.get(from), folderOf.get(to)])
      .filter(([from, to]) => from && to && folders.includes(to))
      .map(([from, to]) => `${from} -> ${to}`);

    expect(drawn.sort()).toEqual(enforced.sort());
  });
});

describe('import cycles', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  function write(files: Record<string, string>): string[] {
    const dir = mkdtempSync(join(tmpdir(), 'cycle-probe-'));
    dirs.push(dir);
    for (const [name, code] of Object.entries(files)) writeFileSync(join(dir, name), code);
    return [dir];
  }

  it('reports two modules that import each other only for types', async () => {
    const files = write({
      'report.ts': "import type { Outcome } from './run.ts';\nexport type Report = { outcome: Outcome };\n",
      'run.ts':
        "import type { Report } from './report.ts';\nexport type Outcome = 'ok';\nexport const last: Report | undefined = undefined;\n",
    });
    expect(await violations(files)).toContain('no-cycle');
  });

  it('accepts the same modules once the shared type lives in a third one', async () => {
    const files = write({
      'outcome.ts': "export type Outcome = 'ok';\n",
      'report.ts': "import type { Outcome } from './outcome.ts';\nexport type Report = { outcome: Outcome };\n",
      'run.ts': "import type { Report } from './report.ts';\nexport const last: Report | undefined = undefined;\n",
    });
    expect(await violations(files)).toEqual([]);
  });
});

describe('texts in the web app', () => {
  const file = join(ROOT, `apps/web/src/structure-probe-${process.pid}.tsx`);
  afterAll(() => rmSync(file, { force: true }));

  /** The rules the repository's lint configuration reports for a component written to the web app. */
  async function lintComponent(code: string): Promise<(string | null)[]> {
    writeFileSync(file, code);
    const [result] = await new ESLint({ cwd: ROOT }).lintFiles([file]);
    return result.messages.map((message) => message.ruleId);
  }

  it('refuses a text written inline in JSX or in an attribute read aloud', async () => {
    const inline = 'export const Probe = () => <button type="button" aria-label="Close the map">Close</button>;\n';
    expect(await lintComponent(inline)).toEqual(['i18next/no-literal-string', 'i18next/no-literal-string']);
  }, 60_000);

  it('accepts the same component reading the catalogue', async () => {
    const fromCatalogue = [
      "import { useTranslation } from 'react-i18next';",
      'export function Probe() {',
      '  const { t } = useTranslation();',
      "  return <button type=\"button\" aria-label={t('notFound.home')}>{t('notFound.title')}</button>;",
      '}',
      '',
    ].join('\n');
    expect(await lintComponent(fromCatalogue)).toEqual([]);
  }, 60_000);
});
