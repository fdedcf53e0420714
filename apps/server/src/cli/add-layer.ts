import { parseArgs } from 'node:util';
import { z } from 'zod';
import { LayerStyleSchema } from '@portal/contract/layers';
import { openDb } from '@portal/db/dialect';
import { migrateToLatest } from '@portal/db/migrate';
import { addLayer, loadCatalog } from '@portal/importer';
import { loadConfig } from '../config.ts';

const USAGE = `npm run layer:add -- --file PATH --name NAME --source SECTOR/SOURCE [--source ...]
  --description TEXT --publisher TEXT --licence TEXT --source-url URL [--citation TEXT]
  style (optional): --fill '#rrggbb' [--stroke '#rrggbb'] [--fill-opacity 0.5]
                or: --ramp '0:#ffffcc,100:#253494' --unit UNIT [--property NAME (vector choropleth)]
PATH is a GeoTIFF (.tif, EPSG:4326), a GeoJSON (.geojson) or a zipped shapefile (.zip).`;

const { values } = parseArgs({
  options: {
    file: { type: 'string' },
    name: { type: 'string' },
    source: { type: 'string', multiple: true },
    description: { type: 'string' },
    publisher: { type: 'string' },
    licence: { type: 'string' },
    'source-url': { type: 'string' },
    citation: { type: 'string' },
    fill: { type: 'string' },
    stroke: { type: 'string' },
    'fill-opacity': { type: 'string' },
    ramp: { type: 'string' },
    unit: { type: 'string' },
    property: { type: 'string' },
  },
  strict: true,
});

/** The style the options describe, checked against the contract, or undefined for the default. */
function styleFrom(): unknown {
  if (values.ramp) {
    const stops = values.ramp.split(',').map((stop) => {
      const [value, colour] = stop.split(':');
      return [Number(value), colour?.trim()];
    });
    return { type: 'ramp', stops, unit: values.unit ?? '', ...(values.property ? { property: values.property } : {}) };
  }
  if (values.fill) {
    const opacity = values['fill-opacity'] === undefined ? {} : { fillOpacity: Number(values['fill-opacity']) };
    return { type: 'fill', fill: values.fill, stroke: values.stroke ?? values.fill, ...opacity };
  }
  return undefined;
}

const missing = (['file', 'name', 'source', 'description', 'publisher', 'licence', 'source-url'] as const).filter(
  (key) => !values[key],
);
if (missing.length) {
  console.error(`Missing: ${missing.map((key) => `--${key}`).join(', ')}\n\n${USAGE}`);
  process.exit(2);
}
const style = styleFrom();
const parsedStyle = style === undefined ? undefined : LayerStyleSchema.safeParse(style);
if (parsedStyle && !parsedStyle.success) {
  console.error(`The style is not valid:\n${z.prettifyError(parsedStyle.error)}\n\n${USAGE}`);
  process.exit(2);
}

const { db, destroy } = openDb(loadConfig().databaseUrl);
try {
  const added = await addLayer({
    file: values.file!,
    name: values.name!,
    sources: values.source!,
    description: values.description!,
    publisher: values.publisher!,
    licence: values.licence!,
    sourceUrl: values['source-url']!,
    citation: values.citation,
    style: parsedStyle?.data,
  });
  try {
    await migrateToLatest(db);
    await loadCatalog(db);
  } catch (error) {
    added.undo();
    throw error;
  }
  console.log(
    `Added '${added.entry.name}' (${added.entry.kind}) as data/raw/${added.entry.file} and loaded it; the portal shows it now.`,
  );
} catch (error) {
  console.error(`The layer was not added: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await destroy();
}
