import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { openDb } from '@portal/db/dialect';
import { migrateToLatest, newerMigrations } from '@portal/db/migrate';
import { CATALOG_DIR, formatSummary, importData, importFailed, loadCatalog, readSite } from '@portal/importer';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, ROOT_DIR } from './config.ts';
import { SWEEP_EVERY_MS, sweepExpired } from './services/expiry-sweep.ts';
import { loadServerBuild } from './services/page-rendering.ts';
import { PortalMetrics } from './services/metrics.ts';
import { OUTBOX_EVERY_MS } from './services/outbox.ts';

/** Starts the portal: configuration, migrations, catalogue, the data (what is missing or changed), then the HTTP server. */
async function main(): Promise<void> {
  const config = loadConfig();
  const metrics = config.metricsToken ? { collector: new PortalMetrics(), token: config.metricsToken } : undefined;
  const { db, destroy } = openDb(config.databaseUrl, { log: metrics?.collector.observeQuery });
  const applied = await migrateToLatest(db);
  const newer = await newerMigrations(db);
  const catalog = await loadCatalog(db);
  // Every start checks each dataset against its files (about a second when nothing changed), so an
  // import stopped half-way is finished and changed manifests or files are loaded.
  const data = await importData(db).then(
    (summary) => ({ failed: importFailed(summary), line: formatSummary(summary) }),
    (error: unknown) => ({
      failed: true,
      line: `data import failed: ${error instanceof Error ? error.message : String(error)}`,
    }),
  );
  const app = await buildApp({
    db,
    site: readSite(),
    webClientDir: join(ROOT_DIR, 'apps/web/build/client'),
    pages: await loadServerBuild(),
    logosDir: join(CATALOG_DIR, 'logos'),
    logLevel: config.logLevel,
    publicUrl: config.publicUrl,
    mail: { smtpUrl: config.smtpUrl, from: config.mailFrom, dir: config.mailDir },
    trustProxy: config.trustProxy,
    map: config.map,
    cacheDir: config.cacheDir,
    timeouts: config.timeouts,
    readsPerMinute: config.readsPerMinute,
    queryMaxCells: config.queryMaxCells,
    metrics,
    rateLimitStore: { redisUrl: config.redisUrl },
    warmLayers: true,
    warmFactsheets: true,
  });
  app.log.info({ migrations: applied.length, catalog }, 'database ready');
  if (newer.length)
    app.log.warn(
      { newer },
      'a newer release has migrated the database: this one runs on it unchanged until it is replaced',
    );
  if (data.failed) app.log.error(`${data.line} (run npm run import for the details)`);
  else app.log.info(data.line);
  // The same signal a second time finds no handler and ends the process at once, for an operator in a hurry.
  process.once('SIGINT', () => void drainAndExit(app, destroy, config.shutdownTimeoutMs));
  process.once('SIGTERM', () => void drainAndExit(app, destroy, config.shutdownTimeoutMs));
  await app.listen({ port: config.port, host: config.host });
  const sweep = () =>
    sweepExpired(db, Date.now()).then(
      (swept) => app.log.info(swept, 'ended sessions, old links, forgotten devices and old mails deleted'),
      (error: unknown) =>
        app.log.error({ err: error }, 'could not delete ended sessions, old links, forgotten devices and old mails'),
    );
  void sweep();
  // unref: the timer never keeps a draining process alive.
  setInterval(() => void sweep(), SWEEP_EVERY_MS).unref();
  // Mail is sent outside the requests; what was due before a restart goes out now.
  let sending = false;
  const sendMail = () => {
    // One turn at a time in this process; other replicas are kept off each mail by its claim.
    if (sending) return;
    sending = true;
    void app.outbox
      .sendDue()
      .then(
        (sent) => sent && app.log.info({ sent }, 'mail of the outbox sent'),
        (error: unknown) => app.log.error({ err: error }, 'could not read the outbox'),
      )
      .finally(() => (sending = false));
  };
  sendMail();
  setInterval(sendMail, OUTBOX_EVERY_MS).unref();
}

/**
 * Stops without cutting a request: no new connections (a load balancer sends them to another
 * replica), the requests and streams in flight finish, then the process exits 0. Past `timeoutMs`
 * whatever still runs is cut and the exit code is 1.
 */
async function drainAndExit(app: FastifyInstance, destroy: () => Promise<void>, timeoutMs: number): Promise<void> {
  app.log.info('stopping: no new connections, waiting for the requests in flight');
  setTimeout(() => {
    app.log.error(`requests still running after ${timeoutMs} ms (SHUTDOWN_TIMEOUT_MS): cut`);
    process.exit(1);
  }, timeoutMs);
  // Node closes the idle kept-alive connections once, when closing starts; a connection whose
  // answer ends later would stay open for the keep-alive timeout, so those are closed as they idle.
  const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
  await app.close();
  clearInterval(closeIdle);
  await destroy();
  app.log.info('stopped');
  process.exit(0);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('The portal could not start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
