import type { Representation } from './catalog.ts';

/** Paths of the portal's own JSON API. */
export const API = {
  site: '/api/v1/site',
  sectors: '/api/v1/sectors',
  sector: (sector: string) => `/api/v1/sectors/${sector}`,
  sources: '/api/v1/sources',
  source: (sector: string, source: string) => `/api/v1/sectors/${sector}/sources/${source}`,
  layers: '/api/v1/layers',
  partners: '/api/v1/partners',
  layerValue: (name: string) => `/api/v1/layers/${encodeURIComponent(name)}/value`,
  mapConfig: '/api/v1/map',
  mapOutline: '/api/v1/map/outline',
  wms: '/api/get-wms',
  rasterDownload: '/api/raster-download/',
  check: '/api/check/',
  health: '/api/health',
} as const;

/** Route patterns the server registers (Fastify syntax). */
export const API_ROUTES = {
  sector: '/api/v1/sectors/:sector',
  source: '/api/v1/sectors/:sector/sources/:source',
  layerValue: '/api/v1/layers/:name/value',
} as const;

export const sectorPath = (sector: string) => `/sectors/${sector}`;
export const sourcePath = (sector: string, source: string) => `/sectors/${sector}/${source}`;
