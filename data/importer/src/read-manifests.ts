import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { z } from 'zod';
import type { LocationIndex } from './locations.ts';
import { type Manifest, ManifestSchema } from './manifest.ts';
import { SOURCES_DIR } from './paths.ts';

/** The file of canonical locations, kept beside the manifests. */
export const LOCATIONS_FILE = 'locations.json';

/** One or more manifests that cannot be used; each line names the manifest file and what is wrong. */
export class ManifestError extends Error {}

export interface LoadedManifest {
  manifest: Manifest;
  /** Path of the manifest file. */
  path: string;
  /** The manifest file as read, for the checksum that decides whether to reload. */
  bytes: Buffer;
}

export interface ManifestContext {
  /** Folder of the data files (data/raw). */
  rawDir: string;
  /** Source ids that exist ('sector/slug'). */
  sourceIds: ReadonlySet<string>;
  locations: LocationIndex;
}

/** The manifest files of `dir`, by name: every *.json but locations.json. */
const manifestFiles = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.json') && f !== LOCATIONS_FILE)
    .sort();

/** The ids of the datasets the manifests describe (a manifest's id is its file name), without reading them. */
export const manifestIds = (dir: string = SOURCES_DIR): string[] => manifestFiles(dir).map((f) => basename(f, '.json'));

/**
 * Reads every manifest in `dir` (all *.json but locations.json), checks each against the schema,
 * the data files, the known sources and locations, and checks them against each other.
 * @throws ManifestError listing every problem, each prefixed with its manifest's path.
 */
export function readManifests(dir: string, context: ManifestContext): LoadedManifest[] {
  const files = manifestFiles(dir);
  const problems: string[] = [];
  const loaded: LoadedManifest[] = [];
  for (const file of files) {
    const path = join(dir, file);
    const bytes = readFileSync(path);
    let raw: unknown;
    try {
      raw = JSON.parse(bytes.toString('utf8'));
    } catch (error) {
      problems.push(`${path}: ${(error as Error).message}`);
      continue;
    }
    const parsed = ManifestSchema.safeParse(raw);
    if (!parsed.success) {
      problems.push(`${path}:\n${indent(z.prettifyError(parsed.error))}`);
      continue;
    }
    const own = checkReferences(parsed.data, file, context);
    problems.push(...own.map((p) => `${path}: ${p}`));
    if (!own.length) loaded.push({ manifest: parsed.data, path, bytes });
  }

  const owners = new Map<string, string>();
  // The landing page's figures and the county headlines are each one row: a place holds one variable.
  const places = { highlight: new Map<number, string>(), headline: new Map<number, string>() };
  for (const { manifest, path } of loaded) {
    for (const variable of manifest.variables) {
      for (const [mark, taken] of Object.entries(places)) {
        const order = variable[mark as keyof typeof places]?.order;
        if (order === undefined) continue;
        const other = taken.get(order);
        if (other) problems.push(`${path}: ${mark} order ${order} of '${variable.name}' is also taken by ${other}`);
        else taken.set(order, `'${variable.name}' (${path})`);
      }
      for (const source of variable.sources) {
        const key = `${source}: ${variable.name}`;
        const owner = owners.get(key);
        if (owner)
          problems.push(`${path}: variable '${variable.name}' of source '${source}' is also defined by ${owner}`);
        else owners.set(key, path);
      }
    }
  }
  if (problems.length) throw new ManifestError(problems.join('\n'));
  return loaded;
}

function checkReferences(manifest: Manifest, file: string, context: ManifestContext): string[] {
  const problems: string[] = [];
  if (manifest.id !== basename(file, '.json'))
    problems.push(`id '${manifest.id}' must equal the file name '${basename(file, '.json')}'`);
  if (!existsSync(join(context.rawDir, manifest.file))) problems.push(`file '${manifest.file}' is not under data/raw`);
  for (const variable of manifest.variables) {
    for (const source of variable.sources) {
      if (!context.sourceIds.has(source)) problems.push(`variable '${variable.name}' names unknown source '${source}'`);
    }
    const shownAt = variable.highlight?.location;
    if (shownAt && !context.locations.byCanonicalName(shownAt))
      problems.push(
        `highlight location '${shownAt}' of '${variable.name}' is not a canonical name of ${LOCATIONS_FILE}`,
      );
  }
  const targets =
    'value' in manifest.location ? [manifest.location.value] : Object.values(manifest.location.aliases ?? {});
  for (const name of targets) {
    if (!context.locations.byCanonicalName(name))
      problems.push(`location '${name}' is not a canonical name of ${LOCATIONS_FILE}`);
  }
  return problems;
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
}
