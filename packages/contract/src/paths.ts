/** Paths of the portal's own JSON API. */
export const API = {
  site: '/api/v1/site',
  sectors: '/api/v1/sectors',
  sector: (sector: string) => `/api/v1/sectors/${sector}`,
  sources: '/api/v1/sources',
  source: (sector: string, source: string) => `/api/v1/sectors/${sector}/sources/${source}`,
  layers: '/api/v1/layers',
  search: '/api/v1/search',
  highlights: '/api/v1/highlights',
  counties: '/api/v1/counties',
  county: (slug: string) => `/api/v1/counties/${slug}`,
  /** A county's fact sheet: its headline figures on at most two A4 pages (PDF). */
  countyFactsheet: (slug: string) => `/api/v1/counties/${slug}/factsheet.pdf`,
  /** The 47 county outlines, simplified for drawing in a page. */
  countyOutlines: '/api/v1/map/counties',
  /** The same outlines as SVG paths, ready for a page's county map. */
  countyMapShapes: '/api/v1/map/counties/paths',
  /** One variable's values at the 47 counties in one period, classed for a map. */
  choropleth: '/api/v1/choropleth',
  /** The variables a county map can show. */
  choroplethVariables: '/api/v1/choropleth/variables',
  /** Images of the views and their data (png, svg, csv, json); each takes its page's query. */
  timeseriesImage: (format: string) => `/api/v1/images/timeseries.${format}`,
  choroplethImage: (format: string) => `/api/v1/images/choropleth.${format}`,
  countyImage: (slug: string, format: string) => `/api/v1/images/county/${slug}.${format}`,
  compareImage: (format: string) => `/api/v1/images/compare.${format}`,
  /** A page's social card (1200x630 PNG): its title and description, for a page without a chart or map of its own. */
  pageCard: (pagePath: string, language: string) =>
    `/api/v1/images/card.png?path=${encodeURIComponent(pagePath)}&lang=${language}`,
  datasets: '/api/v1/datasets',
  dataset: (id: string) => `/api/v1/datasets/${encodeURIComponent(id)}`,
  datasetObservations: (id: string) => `/api/v1/datasets/${encodeURIComponent(id)}/observations`,
  datasetObservationsCsv: (id: string) => `/api/v1/datasets/${encodeURIComponent(id)}/observations.csv`,
  /** Atom feeds of new dataset versions: the whole portal's, a dataset's, a source's datasets', a county's datasets'. */
  feed: '/api/v1/feed.atom',
  datasetFeed: (id: string) => `/api/v1/datasets/${encodeURIComponent(id)}/feed.atom`,
  sourceFeed: (sector: string, source: string) => `/api/v1/sectors/${sector}/sources/${source}/feed.atom`,
  countyFeed: (slug: string) => `/api/v1/counties/${slug}/feed.atom`,
  /** The DCAT-AP catalogue of every dataset, as JSON-LD and as Turtle. */
  catalog: '/api/v1/catalog',
  catalogTurtle: '/api/v1/catalog.ttl',
  partners: '/api/v1/partners',
  variables: (sector: string, source: string) => `/api/v1/sectors/${sector}/sources/${source}/variables`,
  locations: (sector: string, source: string) => `/api/v1/sectors/${sector}/sources/${source}/locations`,
  observations: (sector: string, source: string) => `/api/v1/sectors/${sector}/sources/${source}/observations`,
  observationsCsv: (sector: string, source: string) => `/api/v1/sectors/${sector}/sources/${source}/observations.csv`,
  preview: '/api/get-data/',
  timeseriesExport: '/api/timeseries-download/',
  check: '/api/check/',
  // The spec's account calls (section 7); paths kept exactly, trailing slash included.
  login: '/api/auth/',
  signup: '/api/signup/',
  forgotPassword: '/api/reset-password/',
  resetPassword: '/api/password-reset/',
  verify: '/api/verify/',
  logout: '/api/logout/',
  // My account, beyond the spec.
  account: '/api/v1/account',
  accountExports: '/api/v1/account/exports',
  accountPassword: '/api/v1/account/password',
  apiTokens: '/api/v1/account/tokens',
  apiToken: (id: string) => `/api/v1/account/tokens/${id}`,
  /** What the user follows by e-mail; POST to follow, DELETE with `kind` and `target` to stop. */
  follows: '/api/v1/account/follows',
  /** A one-click unsubscribe link's state (GET) and its use (POST), for the page the link opens. */
  unsubscribe: (token: string) => `/api/v1/unsubscribe/${token}`,
  /** The user's alerts on monthly county figures; POST to set one, DELETE `alert(id)` to end it. */
  alerts: '/api/v1/account/alerts',
  alert: (id: string) => `/api/v1/account/alerts/${id}`,
  /** The monthly county figures an alert can watch, with the counties each has values for. */
  alertSeries: '/api/v1/account/alert-series',
  layerValue: (name: string) => `/api/v1/layers/${encodeURIComponent(name)}/value`,
  /** A layer's rendered image (PNG); its bounds come with the store call. */
  layerImage: (name: string) => `/api/v1/layers/${encodeURIComponent(name)}/image.png`,
  /** A point layer's points as GeoJSON, each with its name and attributes, for markers. */
  layerFeatures: (name: string) => `/api/v1/layers/${encodeURIComponent(name)}/features.geojson`,
  mapConfig: '/api/v1/map',
  mapOutline: '/api/v1/map/outline',
  /** The same outline as an SVG image covering OUTLINE_IMAGE_BOUNDS: a map page shows it until its map is drawn. */
  mapOutlineImage: '/api/v1/map/outline.svg',
  wms: '/api/get-wms',
  /** A store's layers without their images: what a map page asks for first (ADR 0008). */
  storeLayers: (store: string) => `/api/get-wms?store=${encodeURIComponent(store)}&images=none`,
  rasterDownload: '/api/raster-download/',
  health: '/api/health',
  /** Readiness: database writable, migrations current, data loaded (503 otherwise). */
  ready: '/api/ready',
  /** Prometheus metrics, for the operator's scraper only (METRICS_TOKEN). */
  metrics: '/metrics',
  /** The interactive API reference (a page). */
  docs: '/api/docs',
  /** The OpenAPI document the reference shows. */
  openapi: '/api/openapi.json',
} as const;

/** Route patterns the server registers (Fastify syntax). */
export const API_ROUTES = {
  sector: '/api/v1/sectors/:sector',
  source: '/api/v1/sectors/:sector/sources/:source',
  layerValue: '/api/v1/layers/:name/value',
  layerImage: '/api/v1/layers/:name/image.png',
  layerFeatures: '/api/v1/layers/:name/features.geojson',
  variables: '/api/v1/sectors/:sector/sources/:source/variables',
  locations: '/api/v1/sectors/:sector/sources/:source/locations',
  observations: '/api/v1/sectors/:sector/sources/:source/observations',
  observationsCsv: '/api/v1/sectors/:sector/sources/:source/observations.csv',
  apiToken: '/api/v1/account/tokens/:id',
  unsubscribe: '/api/v1/unsubscribe/:token',
  alert: '/api/v1/account/alerts/:id',
  /** The address a mail's List-Unsubscribe names: a page (GET) and the one-click POST of RFC 8058. */
  unsubscribePage: '/unsubscribe/:token',
  dataset: '/api/v1/datasets/:id',
  county: '/api/v1/counties/:slug',
  countyFactsheet: '/api/v1/counties/:slug/factsheet.pdf',
  /** The same fact sheet beside the county's page, the address the page links to. */
  countyFactsheetPage: '/counties/:slug/factsheet.pdf',
  datasetObservations: '/api/v1/datasets/:id/observations',
  datasetObservationsCsv: '/api/v1/datasets/:id/observations.csv',
  datasetFeed: '/api/v1/datasets/:id/feed.atom',
  sourceFeed: '/api/v1/sectors/:sector/sources/:source/feed.atom',
  countyFeed: '/api/v1/counties/:slug/feed.atom',
  timeseriesImage: '/api/v1/images/timeseries.:format',
  choroplethImage: '/api/v1/images/choropleth.:format',
  countyImage: '/api/v1/images/county/:slug.:format',
  compareImage: '/api/v1/images/compare.:format',
  cardImage: '/api/v1/images/card.png',
} as const;

/** Pages of the account screens; e-mail links are built from these too. */
export const PAGES = {
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  account: '/account',
  sectors: '/sectors',
  datasets: '/datasets',
  counties: '/counties',
  compareCounties: '/counties/compare',
  /** A map of any county figure through time. */
  countyMap: '/maps/counties',
  verify: (id: string) => `/verify/${id}`,
  reset: (id: string) => `/reset/${id}`,
  unsubscribe: (token: string) => `/unsubscribe/${token}`,
} as const;

/** Pages under this prefix are embeds: a view alone, which other sites may frame (ADR 0043). */
export const EMBED_PREFIX = '/embed/';

export const countyPath = (slug: string) => `/counties/${slug}`;
export const countyFactsheetPath = (slug: string) => `/counties/${slug}/factsheet.pdf`;
export const datasetPath = (id: string) => `/datasets/${encodeURIComponent(id)}`;
export const sectorPath = (sector: string) => `/sectors/${sector}`;
export const sourcePath = (sector: string, source: string) => `/sectors/${sector}/${source}`;

/** The service worker's cache of the catalogue's answers, for the pages a reader opens offline (ADR 0026). */
export const CATALOGUE_CACHE = 'catalogue';
/** The service worker's cache of the pages a reader opened, for reading them offline. */
export const PAGES_CACHE = 'pages';
/** The page a reader offline gets for an address they never opened (apps/web/public). */
export const OFFLINE_PAGE = '/offline.html';
