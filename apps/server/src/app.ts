import { existsSync } from 'node:fs';
import { join } from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { ServerBuild } from 'react-router';
import type { SiteCatalog } from '@portal/contract/catalog';
import { API } from '@portal/contract/paths';
import type { Database } from '@portal/db/database';
import { registerApiDocs, tagRoutes, TAGS } from './plugins/api-docs.ts';
import { registerTextCompression } from './plugins/compress-text.ts';
import { registerI18n } from './plugins/i18n.ts';
import { refuseNulText } from './plugins/nul-text.ts';
import {
  AppError,
  clientErrorHandler,
  registerErrorHandler,
  sendFrameworkError,
  useErrorShape,
} from './plugins/errors.ts';
import { refuseBadHost } from './plugins/host-header.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerSecurity } from './plugins/security.ts';
import { refuseUnknownParameters, validatorCompiler } from './plugins/validation.ts';
import { refuseSourceMaps } from './plugins/source-maps.ts';
import { readiness } from './services/readiness.ts';
import { DEFAULT_QUERY_MAX_CELLS } from './services/timeseries-query.ts';
import { DEFAULT_READS_PER_MINUTE } from './plugins/read-limit.ts';
import { registerRateLimits, type RateLimitStore } from './plugins/rate-limit-store.ts';
import { registerSessions } from './plugins/session.ts';
import { accountRoutes } from './routes/account/index.ts';
import { authRoutes } from './routes/auth/index.ts';
import { catalogRoutes } from './routes/catalog/index.ts';
import { catalogMetadataRoutes } from './routes/catalog-metadata/index.ts';
import { choroplethRoutes } from './routes/choropleth/index.ts';
import { countyRoutes } from './routes/counties/index.ts';
import { datasetRoutes } from './routes/datasets/index.ts';
import { feedRoutes } from './routes/feeds/index.ts';
import { alertRoutes } from './routes/alerts/index.ts';
import { followRoutes } from './routes/follows/index.ts';
import { searchRoutes } from './routes/search/index.ts';
import { highlightRoutes } from './routes/highlights/index.ts';
import { imageRoutes } from './routes/images/index.ts';
import { readGate } from './services/read-gate.ts';
import { timeseriesRoutes } from './routes/timeseries/index.ts';
import { timeseriesV1Routes } from './routes/timeseries/v1.ts';
import { createMailer, type MailConfig } from './services/mailer.ts';
import { outboxSender, type OutboxSender } from './services/outbox.ts';
import { layerRoutes } from './routes/layers/index.ts';
import { mapRoutes } from './routes/layers/map.ts';
import { LayerImages } from './services/layer-images.ts';
import type { PortalMetrics } from './services/metrics.ts';
import { pageRenderer } from './services/page-rendering.ts';
import { listPublicPages, robotsTxt, sitemapXml } from './services/public-pages.ts';
import { DEFAULT_TILE_ATTRIBUTION, DEFAULT_TILE_URL, type MapSettings, ROOT_DIR, type Timeouts } from './config.ts';
import { manifestIds, RAW_DIR } from '@portal/importer';
import { listLayers } from '@portal/db/queries/catalog.queries';

export interface AppDeps {
  db: Kysely<Database>;
  site: SiteCatalog;
  /** The web app's browser build (apps/web/build/client: scripts, styles, the service worker); when absent no page is served. */
  webClientDir?: string;
  /** The web app's server build, which renders the pages (ADR 0033); when absent only the API and static files are served. */
  pages?: ServerBuild;
  /** Folder of the partner logos served under /media/logos/. */
  logosDir: string;
  logLevel?: string;
  /** The portal's public address: e-mail links, the origin allowed to post, Secure cookies when https. */
  publicUrl: string;
  /** Where e-mail goes: an SMTP server, or files when no server is set. */
  mail: MailConfig;
  /** How many proxies in front are trusted to say the client's address (X-Forwarded-For); 0: none. */
  trustProxy?: number;
  /** The base map; OpenStreetMap's standard tiles when absent. */
  map?: MapSettings;
  /** Folder for rendered layer images; var/cache when absent. */
  cacheDir?: string;
  /** Folder of the layer files; data/raw when absent. */
  rawDir?: string;
  /** Render every layer in the background once listening, so the first visitor need not wait. */
  warmLayers?: boolean;
  /** Start the fact sheets' worker once listening, so the first reader of one need not wait for it. */
  warmFactsheets?: boolean;
  /** Reads of data one client may make a minute; 600 when absent. */
  readsPerMinute?: number;
  /** The most values one timeseries query may ask for (variables × locations × periods); 500,000 when absent. */
  queryMaxCells?: number;
  /** Where the rate-limit counters live: Redis shared by the replicas, or this process when absent. */
  rateLimitStore?: RateLimitStore;
  /** The datasets that must be loaded for `/api/ready`; every manifest's when absent. */
  expectedDatasets?: string[];
  /** How long a client may take to send a request, and to reuse a connection; 30 s and 5 s when absent. */
  timeouts?: Timeouts;
  /**
   * Prometheus metrics served at /metrics to whoever sends `token` as a Bearer token; when absent
   * nothing is measured and /metrics answers 404. Give `collector.observeQuery` to openDb as `log`
   * for the database's times.
   */
  metrics?: { collector: PortalMetrics; token: string };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the mails of the outbox that are due; whoever runs the app calls it on a timer (ADR 0042). */
    outbox: OutboxSender;
  }
}

/** Builds the portal's HTTP server without listening, so callers choose port and dependencies. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const timeouts = deps.timeouts ?? { requestMs: 30_000, keepAliveMs: 5_000 };
  const app = Fastify({
    logger: { level: deps.logLevel ?? 'info' },
    // A client that sends its headers or body slowly is cut off once the whole request has taken
    // `requestMs`, so held connections cannot pile up. Node checks open connections on an interval,
    // a fraction of the limit here (its default, 30 s, would let a slow client stay a minute).
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    // A request without Host is refused by refuseBadHost, in the documented shape, not by Node with an empty 400.
    http: {
      headersTimeout: timeouts.requestMs,
      connectionsCheckingInterval: Math.min(1000, timeouts.requestMs / 4),
      requireHostHeader: false,
    },
    bodyLimit: 1024 * 1024,
    // While stopping, a request that still arrives on an open connection is served, with
    // `Connection: close`, rather than refused with 503: nginx passes a 503 on to the next replica
    // only when told to and never for a POST, so a refused login or export would reach the user.
    return503OnClosing: false,
    // Kept-alive connections with no request running are closed at once when stopping.
    forceCloseConnections: 'idle',
    requestIdHeader: false,
    // Trusting X-Forwarded-For from anyone would let a client pick its address and slip past the
    // per-address rate limits, so only as many proxies as the operator names are believed.
    trustProxy: (_address: string, hop: number) => hop < (deps.trustProxy ?? 0),
    // Errors raised before routing (a malformed URL, unreadable headers) answer like the others.
    frameworkErrors: (error, request, reply) => {
      sendFrameworkError(error, request, reply);
    },
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  refuseBadHost(app);
  refuseSourceMaps(app);
  refuseNulText(app);
  registerI18n(app);
  const map = deps.map ?? { tileUrl: DEFAULT_TILE_URL, attribution: DEFAULT_TILE_ATTRIBUTION };
  const rawDir = deps.rawDir ?? RAW_DIR;
  registerSecurity(app, { publicUrl: deps.publicUrl, tileUrl: map.tileUrl });
  // Brotli (quality 4) or gzip, as the client prefers, for answers of 1 kB or more, streams included.
  registerTextCompression(app);
  await app.register(compress);
  await registerSessions(app);
  // Limits are set per route (reads, authentication), not globally.
  app.decorate('readsPerMinute', deps.readsPerMinute ?? DEFAULT_READS_PER_MINUTE);
  await registerRateLimits(app, deps.rateLimitStore ?? {});
  const mailer = createMailer(deps.mail, app.log);
  app.addHook('onClose', async () => mailer.close());
  app.decorate(
    'outbox',
    outboxSender({ db: deps.db, mailer, publicUrl: deps.publicUrl, siteName: deps.site.name, log: app.log }),
  );

  // The OpenAPI document and the reference at /api/docs describe every route registered after this point.
  await registerApiDocs(app, { title: `${deps.site.name} API`, publicUrl: deps.publicUrl });
  const expectedDatasets = deps.expectedDatasets ?? manifestIds();
  // Before every route, so that each is measured.
  registerMetrics(
    app,
    deps.metrics && { metrics: deps.metrics.collector, token: deps.metrics.token, db: deps.db, expectedDatasets },
  );
  // Liveness: the process answers. Readiness: it can serve everything (a load balancer sends traffic only then).
  app.get(API.health, { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get(API.ready, { schema: { hide: true } }, async (_request, reply) => {
    const report = await readiness(deps.db, expectedDatasets);
    return reply
      .status(report.ready ? 200 : 503)
      .header('Cache-Control', 'no-store')
      .send(report);
  });
  const maxCells = deps.queryMaxCells ?? DEFAULT_QUERY_MAX_CELLS;
  const gate = readGate(deps.db);
  deps.metrics?.collector.watchHeavyReads(gate.counts);
  const images = new LayerImages(
    rawDir,
    deps.cacheDir ?? join(ROOT_DIR, 'var/cache'),
    (error) => app.log.warn({ err: error }, 'layer image cache not written; the image is served from memory'),
    deps.metrics?.collector.observeImage,
  );
  app.addHook('onClose', async () => images.flush());
  // The spec's calls answer errors as {error: text}, the open API in its nested shape; each route's
  // errors are listed in the OpenAPI document in its shape (plugins/errors.ts).
  await app.register(async (spec) => {
    useErrorShape(spec, 'spec');
    tagRoutes(spec, TAGS.spec);
    await spec.register(timeseriesRoutes, { db: deps.db, site: deps.site, maxCells, gate });
    await spec.register(authRoutes, { db: deps.db, mailer, publicUrl: deps.publicUrl, siteName: deps.site.name });
    await spec.register(layerRoutes, { db: deps.db, images, portalName: deps.site.name, gate });
  });
  await app.register(async (v1) => {
    useErrorShape(v1, 'v1');
    tagRoutes(v1, TAGS.v1);
    refuseUnknownParameters(v1);
    await v1.register(catalogRoutes, { db: deps.db, site: deps.site });
    await v1.register(timeseriesV1Routes, { db: deps.db, maxCells, gate });
    await v1.register(accountRoutes, { db: deps.db });
    await v1.register(followRoutes, { db: deps.db });
    await v1.register(alertRoutes, { db: deps.db });
    await v1.register(mapRoutes, { db: deps.db, images, map, rawDir });
    await v1.register(searchRoutes, { db: deps.db });
    await v1.register(highlightRoutes, { db: deps.db });
    await v1.register(countyRoutes, {
      db: deps.db,
      rawDir,
      siteName: deps.site.name,
      publicUrl: deps.publicUrl,
      warmFactsheets: deps.warmFactsheets ?? false,
    });
    await v1.register(choroplethRoutes, { db: deps.db });
    await v1.register(catalogMetadataRoutes, { db: deps.db, site: deps.site, publicUrl: deps.publicUrl });
    await v1.register(datasetRoutes, { db: deps.db, gate });
    await v1.register(feedRoutes, { db: deps.db, publicUrl: deps.publicUrl, siteName: deps.site.name });
    await v1.register(imageRoutes, {
      db: deps.db,
      site: deps.site,
      publicUrl: deps.publicUrl,
      rawDir,
      maxCells,
      gate,
    });
    // An unknown address under the open API is a route of its own, so that it answers in the open API's shape.
    v1.all('/api/v1/*', { schema: { hide: true } }, (request) => {
      throw new AppError('NOT_FOUND', 'error.noRoute', {
        method: request.method,
        path: request.url.split('?')[0] ?? '',
      });
    });
  });
  if (deps.warmLayers) {
    app.addHook('onListen', async () => {
      // Not awaited: the server answers while the images are drawn one by one.
      void (async () => {
        for (const layer of await listLayers(deps.db)) await images.image(layer);
        app.log.info('layer images ready');
      })().catch((error: unknown) => app.log.warn({ err: error }, 'a layer image could not be drawn in advance'));
    });
  }
  // For search engines: the public pages, read from the catalogue on each request so a reload shows at once.
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(sitemapXml(deps.publicUrl, await listPublicPages(deps.db))),
  );
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send(robotsTxt(deps.publicUrl)),
  );
  await app.register(fastifyStatic, {
    root: deps.logosDir,
    prefix: '/media/logos/',
    decorateReply: false,
    maxAge: '1d',
  });

  const webDir = deps.webClientDir && existsSync(deps.webClientDir) ? deps.webClientDir : undefined;
  if (webDir) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      // The .br and .gz files the build wrote beside each asset, chosen by Accept-Encoding.
      preCompressed: true,
      // Off, or the plugin's own 'public, max-age=0' replaces the header set below.
      cacheControl: false,
      setHeaders: (res, path) => {
        // Built assets carry a content hash in their names, so they never change under one URL. The
        // rest keep their names from build to build: the service worker and the manifest above all
        // must be asked for again, or a deploy would not reach visitors (ADR 0026).
        const cache = path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
        res.setHeader('Cache-Control', cache);
        // The same address gives brotli, gzip or plain bytes: caches must key on the encoding asked for.
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  }

  // Every other address is a page, rendered by the web app's server build with its first data
  // (ADR 0033); an address no route matches is its not-found page, with a 404.
  const renderPage = deps.pages && pageRenderer(app, deps.pages, deps.publicUrl);
  app.setNotFoundHandler(async (request, reply) => {
    // A missing asset is a 404, not the page: a page of an older build asking for a chunk the new
    // build replaced learns so and offers a reload (ADR 0014), instead of running HTML as a script.
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api') &&
      !request.url.startsWith('/assets/');
    if (renderPage && wantsPage) return renderPage(request, reply);
    throw new AppError('NOT_FOUND', 'error.noRoute', { method: request.method, path: request.url.split('?')[0] ?? '' });
  });
  return app;
}
