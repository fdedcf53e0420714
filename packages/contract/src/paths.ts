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
  /** The 47 county outlines, simplified for drawing in a page. */
  countyOutlines: '/api/v1/map/counties',
  /** One variable's values at the 47 counties in one period, classed for a map. */
  choropleth: '/api/v1/choropleth',
  /** The variables a county map can show. */
  choroplethVariables: '/api/v1/choropleth/variables',
  datasets: '/api/v1/datasets',
  dataset: (id: string) => `/api/v1/datasets/${encodeURIComponent(id)}`,
  datasetObservations: (id: string) => `/api/v1/datasets/${encodeURIComponent(id)}/observations`,
  datasetObservationsCsv: (id: string) => `/api/v1/datasets/${encodeURIComponent(id)}/observations.csv`,
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
  layerValue: (name: string) => `/api/v1/layers/${encodeURIComponent(name)}/value`,
  /** A layer's rendered image (PNG); its bounds come with the store call. */
  layerImage: (name: string) => `/api/v1/layers/${encodeURIComponent(name)}/image.png`,
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
  variables: '/api/v1/sectors/:sector/sources/:source/variables',
  locations: '/api/v1/sectors/:sector/sources/:source/locations',
  observations: '/api/v1/sectors/:sector/sources/:source/observations',
  observationsCsv: '/api/v1/sectors/:sector/sources/:source/observations.csv',
  apiToken: '/api/v1/account/tokens/:id',
  dataset: '/api/v1/datasets/:id',
  county: '/api/v1/counties/:slug',
  datasetObservations: '/api/v1/datasets/:id/observations',
  datasetObservationsCsv: '/api/v1/datasets/:id/observations.csv',
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
} as const;

export const countyPath = (slug: string) => `/counties/${slug}`;
export const datasetPath = (id: string) => `/datasets/${encodeURIComponent(id)}`;
export const sectorPath = (sector: string) => `/sectors/${sector}`;
export const sourcePath = (sector: string, source: string) => `/sectors/${sector}/${source}`;

/** The service worker's cache of the catalogue's answers, which pages the server drew add theirs to (ADR 0026, 0029). */
export const CATALOGUE_CACHE = 'catalogue';
