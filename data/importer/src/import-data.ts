import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '@portal/db/database';
import { withImportLock } from '@portal/db/import-lock';
import { datasetVersion } from '@portal/contract/datasets';
import {
  addDatasetVersion,
  datasetChecksums,
  datasetValues,
  removeDataset,
  replaceDataset,
} from '@portal/db/queries/import.queries';
import { releaseMails } from '@portal/db/queries/outbox.queries';
import { recordAlertMails } from './alert-mails.ts';
import { recordChangeMails } from './change-mails.ts';
import { COUNTY_BOUNDARIES_FILE, type CountyFinder, countyFinder, placesByCoordinates } from './county-finder.ts';
import { parseCsv } from './csv-file.ts';
import { compareValues } from './dataset-changes.ts';
import { extractObservations } from './extract.ts';
import { type LocationIndex, readLocations } from './locations.ts';
import { RAW_DIR, SOURCES_DIR } from './paths.ts';
import { LOCATIONS_FILE, type LoadedManifest, readManifests } from './read-manifests.ts';
import type { DatasetOutcome, ImportSummary } from './outcome.ts';
import { formatOutcome } from './report.ts';
import { refreshSearchIndex } from './search-index.ts';
import { dateRange } from './timestamps.ts';

/** Part of every checksum: bump it when the importer reads files differently, so all datasets reload. */
const IMPORTER_VERSION = '2';

/** A first load has nothing to compare with, so its changes are unknown rather than zero. */
const FIRST_LOAD = { added: null, removed: null, changed: null, first_changed: null, last_changed: null };

export interface ImportOptions {
  /** Folder of the manifests and locations.json (data/sources). */
  sourcesDir?: string;
  /** Folder of the data files (data/raw). */
  rawDir?: string;
  /** Reload datasets whose files and manifests did not change. */
  force?: boolean;
  /** Stop the run at the first dataset with a rejected row, writing nothing for it. */
  strict?: boolean;
  /** Only these dataset ids; datasets without a manifest are then kept. */
  only?: string[];
  /** Receives progress lines; silent when not given. */
  log?: (line: string) => void;
  /** Rejects printed per dataset (the rest are counted). */
  rejectsShown?: number;
}

/**
 * Imports every dataset of data/sources into the database. A dataset whose manifest, file and the
 * location list are unchanged since it was loaded is skipped; any other is replaced as a whole in
 * one transaction, so a failure leaves its previous rows in place. Datasets whose manifest is gone
 * are removed (unless `only` is given). The catalogue (sources) must be loaded first. One import
 * runs at a time on a database (`withImportLock`): a second waits, then finds the data loaded.
 * @throws ManifestError or LocationsError before anything is written, when a manifest is unusable.
 */
export function importData(db: Kysely<Database>, options: ImportOptions = {}): Promise<ImportSummary> {
  return withImportLock(db, async (locked) => {
    // Mails a run wrote but did not live to release are complete: no other run holds the lock.
    await releaseMails(locked, Date.now());
    // One change mail per user for the whole run, due once the run is over, however it ends.
    const batch = randomUUID();
    try {
      return await importAll(locked, options, batch);
    } finally {
      await releaseMails(locked, Date.now(), batch);
    }
  });
}

async function importAll(db: Kysely<Database>, options: ImportOptions, batch: string): Promise<ImportSummary> {
  const started = performance.now();
  const sourcesDir = options.sourcesDir ?? SOURCES_DIR;
  const rawDir = options.rawDir ?? RAW_DIR;
  const log = options.log ?? (() => {});
  const locationsPath = join(sourcesDir, LOCATIONS_FILE);
  const locationBytes = readFileSync(locationsPath);
  const locations = readLocations(locationsPath);
  const sources = await db.selectFrom('sources').select('id').execute();
  const manifests = readManifests(sourcesDir, { rawDir, locations, sourceIds: new Set(sources.map((s) => s.id)) });
  const only = options.only ? new Set(options.only) : undefined;
  const chosen = only ? manifests.filter((m) => only.has(m.manifest.id)) : manifests;
  const unknown = [...(only ?? [])].filter((id) => !manifests.some((m) => m.manifest.id === id));
  if (unknown.length) throw new Error(`no manifest for ${unknown.map((id) => `'${id}'`).join(', ')} in ${sourcesDir}`);

  const loaded = await datasetChecksums(db);
  const summary: ImportSummary = { outcomes: [], ms: 0 };
  log(`Importing ${chosen.length} dataset(s) from ${sourcesDir}`);
  for (const [index, entry] of chosen.entries()) {
    const outcome = await importOne(db, entry, { rawDir, locations, locationBytes, loaded, options, batch });
    summary.outcomes.push(outcome);
    for (const line of formatOutcome(outcome, index + 1, chosen.length, options.rejectsShown ?? 10)) log(line);
    if (options.strict && outcome.status === 'failed' && outcome.rejects.length) {
      summary.stoppedAt = outcome.id;
      break;
    }
  }
  if (!only && !summary.stoppedAt) {
    const kept = new Set(manifests.map((m) => m.manifest.id));
    for (const [id] of loaded) {
      if (kept.has(id)) continue;
      const t = performance.now();
      await db.transaction().execute((trx) => removeDataset(trx, id));
      const outcome: DatasetOutcome = { ...emptyOutcome(id, ''), status: 'removed', ms: performance.now() - t };
      summary.outcomes.push(outcome);
      for (const line of formatOutcome(outcome, 0, 0, 0)) log(line);
    }
  }
  // The search index lists the variables, places and datasets: it follows any change.
  if (summary.outcomes.some((o) => o.status === 'loaded' || o.status === 'removed'))
    await refreshSearchIndex(db, rawDir);
  summary.ms = performance.now() - started;
  return summary;
}

interface RunContext {
  rawDir: string;
  locations: LocationIndex;
  locationBytes: Buffer;
  loaded: Map<string, string>;
  options: ImportOptions;
  /** This run's id, which its change mails share. */
  batch: string;
  /** The county boundaries, read the first time a manifest places rows by coordinates. */
  counties?: { bytes: Buffer; finder: CountyFinder };
}

function emptyOutcome(id: string, file: string): DatasetOutcome {
  return {
    id,
    file,
    status: 'failed',
    rowsRead: 0,
    rowsUsed: 0,
    blanks: 0,
    observations: 0,
    rejects: [],
    placedByFallback: 0,
    first: null,
    last: null,
    ms: 0,
  };
}

function countyBoundaries(run: RunContext): NonNullable<RunContext['counties']> {
  if (!run.counties) {
    const bytes = readFileSync(join(run.rawDir, COUNTY_BOUNDARIES_FILE));
    run.counties = { bytes, finder: countyFinder(bytes.toString('utf8'), run.locations) };
  }
  return run.counties;
}

async function importOne(db: Kysely<Database>, entry: LoadedManifest, run: RunContext): Promise<DatasetOutcome> {
  const started = performance.now();
  const { manifest } = entry;
  const outcome = emptyOutcome(manifest.id, manifest.file);
  try {
    const fileBytes = readFileSync(join(run.rawDir, manifest.file));
    const counties = placesByCoordinates(manifest) ? countyBoundaries(run) : undefined;
    const hash = createHash('sha256')
      .update(`${IMPORTER_VERSION}\0`)
      .update(entry.bytes)
      .update('\0')
      .update(run.locationBytes)
      .update('\0')
      .update(fileBytes);
    if (counties) hash.update('\0').update(counties.bytes);
    const checksum = hash.digest('hex');
    if (!run.options.force && run.loaded.get(manifest.id) === checksum) {
      outcome.status = 'unchanged';
      return outcome;
    }
    const extraction = extractObservations(
      manifest,
      parseCsv(fileBytes, manifest.csv.skipLines),
      run.locations,
      counties?.finder,
    );
    Object.assign(outcome, {
      rowsRead: extraction.rowsRead,
      rowsUsed: extraction.rowsUsed,
      blanks: extraction.blanks,
      rejects: extraction.rejects,
      placedByFallback: extraction.placedByFallback,
      ...dateRange(extraction.observations, manifest.time.period),
    });
    if (run.options.strict && extraction.rejects.length) {
      outcome.error = `${extraction.rejects.length} rejected row(s) with --strict; nothing written for this dataset`;
      return outcome;
    }
    const period = manifest.time.period;
    const loadedAt = Date.now();
    outcome.observations = await db.transaction().execute(async (trx) => {
      // A reload records what it changes, so the old values are read before they are replaced.
      const values = extraction.observations.map((o) => ({ ...o, variable: manifest.variables[o.variable].name }));
      const changes = run.loaded.has(manifest.id) ? compareValues(await datasetValues(trx, manifest.id), values) : null;
      const written = await replaceDataset(trx, {
        dataset: {
          id: manifest.id,
          title: manifest.title,
          publisher: manifest.publisher,
          licence: manifest.licence,
          licence_id: manifest.licenceId,
          citation: manifest.citation,
          source_url: manifest.sourceUrl,
          file: manifest.file,
          retrieved: manifest.retrieved,
          checksum,
          rows_loaded: extraction.observations.length,
          rows_rejected: extraction.rejects.length,
          loaded_at: loadedAt,
          notes: manifest.notes ?? null,
        },
        variables: manifest.variables.map((v) => ({
          name: v.name,
          unit: v.unit,
          period,
          definition: v.definition ?? null,
          code: v.code ?? manifest.code ?? null,
          derivation: v.derivation ?? null,
          highlight_order: v.highlight?.order ?? null,
          highlight_location: v.highlight?.location ?? null,
          headline_topic: v.headline?.topic ?? null,
          headline_order: v.headline?.order ?? null,
          caveat: v.caveat ?? null,
          sources: v.sources,
        })),
        locations: extraction.locations.map((l) => ({ name: l.name, kind: l.kind, county_code: l.countyCode })),
        observations: extraction.observations,
      });
      const versionNumber = await addDatasetVersion(trx, {
        dataset_id: manifest.id,
        version: datasetVersion(checksum),
        checksum,
        loaded_at: loadedAt,
        value_count: written,
        ...(changes ?? FIRST_LOAD),
      });
      await recordChangeMails(trx, { batch: run.batch, datasetId: manifest.id, versionNumber, changes, now: loadedAt });
      await recordAlertMails(trx, { batch: run.batch, datasetId: manifest.id, now: loadedAt });
      return written;
    });
    outcome.status = 'loaded';
  } catch (error) {
    outcome.status = 'failed';
    outcome.error = error instanceof Error ? error.message : String(error);
  } finally {
    outcome.ms = performance.now() - started;
  }
  return outcome;
}
