// The importer's public entry: what the server (startup import, command-line tools, layer
// derivations) and the benchmarks may use. Everything else in this folder is internal.
export { addLayer } from './add-layer.ts';
export { loadCatalog, readSite } from './catalog.ts';
export { deriveAll } from './derive-layers.ts';
export { derivedFrom } from './derived-files.ts';
export { importData } from './import-data.ts';
export { manifestIds } from './read-manifests.ts';
export { CATALOG_DIR, RAW_DIR } from './paths.ts';
export { formatSummary, importFailed } from './report.ts';
export { refreshSearchIndex } from './search-index.ts';
export { unzip } from './zip.ts';
