import type { Kysely } from 'kysely';
import { countySlug } from '@portal/contract/counties';
import type { FollowKind, FollowTarget } from '@portal/contract/follows';
import type { Language } from '@portal/contract/languages';
import { countyPath, datasetPath, sourcePath } from '@portal/contract/paths';
import type { Database } from '@portal/db/database';
import { listCounties } from '@portal/db/queries/counties.queries';
import { notFound } from '../plugins/errors.ts';

interface Followed {
  kind: FollowKind;
  target: string;
}

/** A followed thing's title in the reader's language and its page; the id stands in for a title once it is gone. */
export interface DescribedFollow extends Followed {
  title: string;
  path: string;
}

const UNKNOWN = {
  dataset: 'follow.unknownDataset',
  source: 'follow.unknownSource',
  county: 'follow.unknownCounty',
} as const;

/** Throws 404, saying what is unknown, when the dataset, source or county does not exist. */
export async function checkFollowTarget(db: Kysely<Database>, follow: FollowTarget): Promise<void> {
  const [described] = await describeFollows(db, [follow], 'en');
  if (!described?.path) throw notFound(UNKNOWN[follow.kind], { target: follow.target });
}

/**
 * The titles and pages of followed things, in `language` where the catalogue has it. A path is
 * empty for what no longer exists (a dataset whose manifest went).
 */
export async function describeFollows(
  db: Kysely<Database>,
  follows: Followed[],
  language: Language,
): Promise<DescribedFollow[]> {
  const wanted = (kind: FollowKind) => follows.filter((f) => f.kind === kind).map((f) => f.target);
  const titles = new Map<string, { title: string; path: string }>();
  const datasets = wanted('dataset');
  if (datasets.length) {
    for (const d of await db.selectFrom('datasets').select(['id', 'title']).where('id', 'in', datasets).execute())
      titles.set(`dataset:${d.id}`, { title: d.title, path: datasetPath(d.id) });
  }
  const sources = wanted('source');
  if (sources.length) {
    const rows = await db
      .selectFrom('sources')
      .select(['id', 'sector_slug', 'slug', 'title', 'title_sw'])
      .where('id', 'in', sources)
      .execute();
    for (const s of rows)
      titles.set(`source:${s.id}`, {
        title: (language === 'sw' && s.title_sw) || s.title,
        path: sourcePath(s.sector_slug, s.slug),
      });
  }
  if (wanted('county').length) {
    for (const c of await listCounties(db))
      titles.set(`county:${countySlug(c.name)}`, { title: c.name, path: countyPath(countySlug(c.name)) });
  }
  return follows.map((f) => ({ ...f, ...(titles.get(`${f.kind}:${f.target}`) ?? { title: f.target, path: '' }) }));
}
