import { fileURLToPath } from 'node:url';

/** The repository's data folder: catalog/ (the catalogue files), sources/ (import manifests) and raw/ (the real data files). */
export const DATA_DIR = fileURLToPath(new URL('../../', import.meta.url));
export const CATALOG_DIR = fileURLToPath(new URL('../../catalog/', import.meta.url));
export const RAW_DIR = fileURLToPath(new URL('../../raw/', import.meta.url));
/** The import manifests (one per dataset) and locations.json, the canonical location list. */
export const SOURCES_DIR = fileURLToPath(new URL('../../sources/', import.meta.url));
