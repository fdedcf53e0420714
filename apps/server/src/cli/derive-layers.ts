import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { deriveAll, RAW_DIR } from '@portal/importer';

// npm run layers:derive: recomputes the layers under data/raw/derived/ from the source tables.
for (const [file, collection] of Object.entries(deriveAll())) {
  const path = join(RAW_DIR, file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(collection));
  console.log(`wrote data/raw/${file} (${collection.features.length} features)`);
}
