// The structure rules themselves under test: a deliberate cross-boundary import or an import cycle
// must be reported by `npm run lint`, so that `npm test` fails on it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cruise, type ICruiseOptions } from 'dependency-cruiser';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

// Only the import rules: the probes are not files of a TypeScript project, so type-aware rules cannot run on them.
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
  ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-restricted-paths' || ruleId === 'no-restricted-imports',
});

async function importErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, filePath) });
  return result.messages.map((message) => message.message);
}

describe('import boundaries (eslint.config.js)', () => {
  const violations: [string, string, RegExp][] = [
    ['apps/web/src/features/probe.tsx', "import { openDb } from '@portal/db/dialect';", /apps\/web may import only packages\/contract/],
    ['apps/web/src/features/probe.tsx', "import { buildApp } from '../../../server/src/app.ts';", /apps\/web may import only packages\/contract/],
    ['packages/db/src/probe.ts', "import { ErrorCodeSchema } from '@portal/contract/errors';", /packages\/db may import only packages\/layer-style/],
    [
      'packages/contract/src/probe.ts',
      "import { buildApp } from '../../../apps/server/src/app.ts';",
      /packages\/contract may import only packages\/layer-style/,
    ],
    ['packages/geo/src/probe.ts', "import type { Database } from '@portal/db/database';", /packages\/geo may import only packages\/contract/],
    ['data/importer/src/probe.ts', "import { buildApp } from '../../../apps/server/src/app.ts';", /data\/importer may import only/],
    ['e2e/probe.spec.ts', "import { parseMail } from '../apps/server/test/smtp-sink.ts';", /shared test helpers live in @portal\/testing/],
  ];

  it.each(violations)('%s: %s is refused', async (filePath, code, message) => {
    const errors = await importErrors(filePath, code);
    expect(errors.some((error) => message.test(error))).toBe(true);
  });

  it('allows the imports the architecture draws', async () => {
    expect(await importErrors('apps/web/src/features/probe.tsx', "import { PATHS } from '@portal/contract/paths';")).toEqual([]);
    expect(await importErrors('packages/db/src/probe.ts', "import { LayerStyleSchema } from '@portal/layer-style/layer-style';")).toEqual([]);
    expect(await importErrors('data/importer/src/probe.ts', "import { openDb } from '@portal/db/dialect';")).toEqual([]);
  });
});

describe('import cycles (.dependency-cruiser.cjs)', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const config = createRequire(import.meta.url)(join(ROOT, '.dependency-cruiser.cjs')) as {
    forbidden: NonNullable<ICruiseOptions['ruleSet']>['forbidden'];
    options: ICruiseOptions;
  };

  async function cycleViolations(files: Record<string, string>): Promise<string[]> {
    const dir = mkdtempSync(join(tmpdir(), 'cycle-probe-'));
    dirs.push(dir);
    for (const [name, code] of Object.entries(files)) writeFileSync(join(dir, name), code);
    const result = await cruise([dir], { ...config.options, tsConfig: undefined, validate: true, ruleSet: { forbidden: config.forbidden } });
    if (typeof result.output === 'string') throw new Error('expected the cruise result as an object');
    return result.output.summary.violations.map((violation) => violation.rule.name);
  }

  it('reports two modules that import each other only for types', async () => {
    const violations = await cycleViolations({
      'report.ts': "import type { Outcome } from './run.ts';\nexport type Report = { outcome: Outcome };\n",
      'run.ts': "import type { Report } from './report.ts';\nexport type Outcome = 'ok';\nexport const last: Report | undefined = undefined;\n",
    });
    expect(violations).toContain('no-cycle');
  });

  it('accepts the same modules once the shared type lives in a third one', async () => {
    const violations = await cycleViolations({
      'outcome.ts': "export type Outcome = 'ok';\n",
      'report.ts': "import type { Outcome } from './outcome.ts';\nexport type Report = { outcome: Outcome };\n",
      'run.ts': "import type { Report } from './report.ts';\nexport const last: Report | undefined = undefined;\n",
    });
    expect(violations).toEqual([]);
  });
});
