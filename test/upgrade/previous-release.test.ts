// The release before the newest migration, run on a database this release has migrated and loaded,
// beside this release, as during a rolling upgrade (docs/operations.md). Run by `npm run test:upgrade`.
import { execFileSync, execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API } from '@portal/contract/paths';
import { createScratchDatabase, postgresReachable } from '@portal/db/testing';
import { linkIn, parseMail } from '@portal/testing/mail-message';
import {
  exitWithin,
  type PortalProcess,
  ROOT_DIR,
  startPortalProcess,
  waitUntilOk,
} from '@portal/testing/portal-process';
import { SESSION_COOKIE } from '../../apps/server/src/plugins/session.ts';

const MIGRATIONS_DIR = 'packages/db/migrations';
const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: ROOT_DIR, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();

/**
 * The commit before the newest migration was added, or why it cannot be had. Added, not changed:
 * a commit that only reformats the migrations is no release boundary.
 */
function previousRelease(): { commit: string } | { skip: string } {
  try {
    const newest = git('log', '-1', '--diff-filter=A', '--format=%H', '--', MIGRATIONS_DIR);
    return { commit: git('rev-parse', '--verify', `${newest}^`) };
  } catch {
    // A shallow clone has no parent to run; CI's clone of main has the history.
    return { skip: 'the commit before the newest migration is not in this clone (git fetch --unshallow)' };
  }
}

/**
 * The previous release's files, run with this tree's installed packages (its own workspace
 * packages linked in their place): a lock file that changed with the migration would need
 * `npm ci` there instead.
 */
function checkOut(commit: string, dir: string): void {
  mkdirSync(dir);
  execSync(`git archive ${commit} | tar -x -C ${dir}`, { cwd: ROOT_DIR });
  const modules = join(ROOT_DIR, 'node_modules');
  mkdirSync(join(dir, 'node_modules/@portal'), { recursive: true });
  for (const name of readdirSync(modules)) {
    if (name !== '@portal') symlinkSync(join(modules, name), join(dir, 'node_modules', name));
  }
  // Relative links (../../packages/db), so they point into the previous release's tree.
  for (const name of readdirSync(join(modules, '@portal'))) {
    const target = readlinkSync(join(modules, '@portal', name));
    symlinkSync(target, join(dir, 'node_modules/@portal', name));
    // A workspace's own packages (versions other than the shared ones), where both releases have it.
    const workspace = join('node_modules/@portal', target); // e.g. apps/server
    const own = join(ROOT_DIR, workspace, 'node_modules');
    if (existsSync(own) && existsSync(join(dir, workspace))) symlinkSync(own, join(dir, workspace, 'node_modules'));
  }
}

const migrationNames = (root: string) =>
  readdirSync(join(root, MIGRATIONS_DIR)).filter((f) => /^\d{12}_.*\.ts$/.test(f));

const release = previousRelease();
if ('skip' in release) console.warn(`SKIPPED: upgrade test, ${release.skip}`);
const postgres = await postgresReachable();
if (!postgres) console.warn('SKIPPED: upgrade test on PostgreSQL, none reachable at 127.0.0.1:5432');

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe.skipIf('skip' in release || (dialect === 'postgres' && !postgres))(
    `the previous release on a database this one migrated (${dialect})`,
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'portal-upgrade-'));
      const previousRoot = join(dir, 'previous');
      const mailDir = join(dir, 'mail');
      const env = {
        MAIL_DIR: mailDir,
        CACHE_DIR: join(dir, 'cache'),
        PUBLIC_URL: 'http://portal.test',
        DATABASE_URL: `sqlite://${join(dir, 'portal.db')}`,
      };
      let dropDatabase: (() => Promise<void>) | undefined;
      let current: PortalProcess | undefined;
      let previous: PortalProcess | undefined;

      beforeAll(async () => {
        if ('skip' in release) return;
        checkOut(release.commit, previousRoot);
        if (dialect === 'postgres') {
          const scratch = await createScratchDatabase();
          env.DATABASE_URL = scratch.url;
          dropDatabase = scratch.drop;
        }
        // This release first: it migrates the empty database and loads the data.
        current = await startPortalProcess(env);
        await waitUntilOk(`${current.url}${API.ready}`);
        previous = await startPortalProcess(env, undefined, previousRoot);
        await waitUntilOk(`${previous.url}${API.ready}`);
      });

      afterAll(async () => {
        for (const portal of [previous, current]) {
          if (!portal) continue;
          portal.child.kill('SIGTERM');
          // Idle, each exits at once; the ceiling is for a hang (the shutdown timeout is 30 s).
          await exitWithin(portal, 60_000);
        }
        await dropDatabase?.();
        rmSync(dir, { recursive: true, force: true });
      });

      it('starts on the migrated database and says a newer release migrated it', () => {
        const newer = migrationNames(ROOT_DIR).filter((name) => !migrationNames(previousRoot).includes(name));
        expect(newer.length).toBeGreaterThan(0);
        expect(previous!.output()).toContain('a newer release has migrated the database');
      });

      it('answers the catalogue and the data as this release does', async () => {
        const both = async (path: string) =>
          Promise.all(
            [current!, previous!].map(async (p) => (await fetch(`${p.url}${path}`)).json() as Promise<unknown>),
          );
        const [sectors, previousSectors] = await both(API.sectors);
        expect(previousSectors).toEqual(sectors);
        const query = 'start=2000-01-01&end=2024-12-31&variable=Electricity%20access&location=Kisumu&location=Turkana';
        const [rows, previousRows] = (await both(`${API.observations('energy', 'access')}?${query}`)) as {
          data: unknown[];
        }[];
        expect(rows.data.length).toBeGreaterThan(0);
        expect(previousRows.data).toEqual(rows.data);
      });

      it('shares accounts both ways: sign up and log in on one, verify and use the session on the other', async () => {
        const email = `upgrade-${randomBytes(4).toString('hex')}@example.org`;
        const password = 'an upgrade password';
        const signup = {
          username: 'Achieng',
          email,
          password,
          confirmPW: password,
          organization: 'KNBS',
          country: 'Kenya',
          useOfData: 'Checking a rolling upgrade',
        };
        expect((await post(previous!, API.signup, signup)).status).toBe(201);
        const link = linkIn(parseMail(await mailTo(mailDir, email)).text, '/verify/');
        expect((await post(current!, API.verify, { id: link.slice(link.lastIndexOf('/') + 1) })).status).toBe(200);
        for (const [from, to] of [
          [previous!, current!],
          [current!, previous!],
        ]) {
          const login = await post(from, API.login, { email, password });
          expect(login.status).toBe(200);
          const cookie = login.headers
            .getSetCookie()
            .find((c) => c.startsWith(`${SESSION_COOKIE}=`))!
            .split(';')[0];
          expect(await (await post(to, API.check, { email }, cookie)).json()).toEqual({ status: true });
        }
      });
    },
  );
}

const post = (portal: PortalProcess, path: string, body: unknown, cookie?: string) =>
  fetch(`${portal.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

/** The mail written for `to` (no SMTP_URL: one .eml file per message), once it is there; 30 s is for a lost one. */
const mailTo = (dir: string, to: string): Promise<string> =>
  vi.waitFor(
    () => {
      // The mailer creates the folder with its first message, after the answer.
      const file = existsSync(dir) && readdirSync(dir).find((name) => name.endsWith(`${to}.eml`));
      if (!file) throw new Error(`no mail to ${to} in ${dir}`);
      return readFileSync(join(dir, file), 'utf8');
    },
    { timeout: 30_000, interval: 100 },
  );
