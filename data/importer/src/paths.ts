import { fileURLToPath } from 'node:url';

/** The repository's data folder: catalog/ (the catalogue files) and raw/ (the real data files). */
export const DATA_DIR = fileURLToPath(new URL('../../', import.meta.url));
export const CATALOG_DIR = fileURLToPath(new URL('../../catalog/', import.meta.url));
export const RAW_DIR = fileURLToPath(new URL('../../raw/', import.meta.url));
