import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { openTemplateCopy, type TemplateName, type TestDatabase } from '@portal/db/testing';
import type { Fetch } from '@portal/testing/http';
import { CATALOG_DIR, readSite } from '@portal/importer';
import { buildApp } from '../src/app.ts';
import { ROOT_DIR } from '../src/config.ts';
import { PortalMetrics } from '../src/services/metrics.ts';
import type { RateLimitStore } from '../src/plugins/rate-limit-store.ts';
import { injectFetch } from './http.ts';
import { loadServerBuild } from '../src/services/page-rendering.ts';

/** The address e-mail links start with in tests, unless a test sets its own. */
export const TEST_PUBLIC_URL = 'http://portal.test';

export interface TestAppOptions {
  /** The web app's browser build to serve (static files); none otherwise. */
  webClientDir?: string;
  /** Render pages with the web app's build (`npm run build`, which npm test runs first); the API only otherwise. */
  withPages?: boolean;
  publicUrl?: string;
  /** SMTP server for the portal's e-mail; without one, mail is written to `mailDir`. */
  smtpUrl?: string;
  /** How many proxies' X-Forwarded-For to believe; tests use it to act as several clients. */
  trustProxy?: number;
  /** Where rendered layer images are kept; the portal's default otherwise. */
  cacheDir?: string;
  /** Request and keep-alive timeouts; the portal's defaults otherwise. */
  timeouts?: { requestMs: number; keepAliveMs: number };
  /** The datasets `/api/ready` waits for; every manifest's otherwise. */
  expectedDatasets?: string[];
  /** Reads of data one client may make a minute; the portal's default otherwise. */
  readsPerMinute?: number;
  /** The most values one timeseries query may ask for; the portal's default otherwise. */
  queryMaxCells?: number;
  /** Serve metrics at /metrics to this Bearer token, the database's queries timed; none otherwise. */
  metricsToken?: string;
  /** Redis for the rate-limit counters; in-process counters otherwise. */
  rateLimitStore?: RateLimitStore;
  /** A migrated database holding the catalogue, served instead of a fresh one so several apps can share it; the caller cleans it up. */
  database?: TestDatabase;
  /** What the fresh database holds: the catalogue alone (the default) or every shipped dataset too. */
  template?: TemplateName;
}

/** A test app: the portal with a database of its own, called as a client would. */
export interface TestApp {
  /** The app, for looking at what it registered (routes). */
  app: FastifyInstance;
  db: TestDatabase['db'];
  /** Folder of the e-mail files written when there is no SMTP server. */
  mailDir: string;
  /** Calls the app by path: in process through `app.inject`, or over HTTP when it listens. */
  fetch: Fetch;
  close(): Promise<void>;
}

/** A test app listening on a port of its own. */
export interface TestServer extends TestApp {
  url: string;
}

/**
 * The portal with a fresh, migrated database holding the shipped catalogue (and data, if asked),
 * called through `app.inject`: no socket, so each call costs the app's work alone. For every test
 * that is not about the connection itself.
 */
export async function buildTestApp(dialect: 'sqlite' | 'postgres', options: TestAppOptions = {}): Promise<TestApp> {
  const built = await build(dialect, options);
  await built.app.ready();
  return { ...built, fetch: injectFetch(built.app) };
}

/**
 * The same portal listening on a free port, for what only a real connection shows: timeouts and
 * slow clients, bytes as sent (compression, raw paths, oversized headers), cookies and Host over HTTP.
 */
export async function startTestServer(
  dialect: 'sqlite' | 'postgres',
  options: TestAppOptions = {},
): Promise<TestServer> {
  const built = await build(dialect, options);
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = built.app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return { ...built, url, fetch: (path, init) => fetch(url + path, init) };
}

async function build(dialect: 'sqlite' | 'postgres', options: TestAppOptions): Promise<Omit<TestApp, 'fetch'>> {
  const metrics = options.metricsToken ? { collector: new PortalMetrics(), token: options.metricsToken } : undefined;
  const shared = options.database;
  const database =
    shared ??
    (await openTemplateCopy(dialect, options.template ?? 'catalogue', { log: metrics?.collector.observeQuery }));
  const mailDir = mkdtempSync(join(tmpdir(), 'portal-mail-'));
  const app = await buildApp({
    db: database.db,
    site: readSite(),
    webClientDir: options.webClientDir ?? (options.withPages ? join(ROOT_DIR, 'apps/web/build/client') : undefined),
    pages: options.withPages ? await webServerBuild() : undefined,
    logosDir: join(CATALOG_DIR, 'logos'),
    logLevel: 'silent',
    publicUrl: options.publicUrl ?? TEST_PUBLIC_URL,
    mail: { smtpUrl: options.smtpUrl, from: 'KenyaCLEW <no-reply@portal.test>', dir: mailDir },
    trustProxy: options.trustProxy,
    cacheDir: options.cacheDir,
    timeouts: options.timeouts,
    expectedDatasets: options.expectedDatasets,
    readsPerMinute: options.readsPerMinute,
    queryMaxCells: options.queryMaxCells,
    metrics,
    rateLimitStore: options.rateLimitStore,
  });
  return {
    app,
    db: database.db,
    mailDir,
    close: async () => {
      await app.close();
      if (!shared) await database.cleanup();
      rmSync(mailDir, { recursive: true, force: true });
    },
  };
}

/** The web app's server build; a test that renders pages cannot run without it. */
async function webServerBuild() {
  const build = await loadServerBuild();
  if (!build) throw new Error('the web app is not built: run npm run build (npm test does)');
  return build;
}
