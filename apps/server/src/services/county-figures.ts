import type { Kysely } from 'kysely';
import {
  type County,
  type CountyFigure,
  type CountyList,
  countySlug,
  type Headline,
  type HeadlineTopic,
  type Point,
} from '@portal/contract/counties';
import type { Database } from '@portal/db/database';
import {
  countyAndNationalValues,
  dataStamp,
  listCounties,
  listHeadlineVariables,
} from '@portal/db/queries/counties.queries';
import { TREND_POINTS } from './highlights.ts';
import { timeseriesPagePath } from './page-links.ts';
import { datasetRef, sourceRef } from './provenance.ts';

/** The country whose values stand beside a county's as the national value. */
export const NATIONAL = 'Kenya';

interface HeadlineValues {
  headline: Headline;
  /** Each county's values, oldest first. */
  byCounty: Map<string, Point[]>;
  /** Every county value on each date, for ranks. */
  onDate: Map<string, number[]>;
  national: Map<string, number>;
}

/** Every headline figure of every county, worked out from the values in one pass. */
export interface CountySnapshot {
  counties: County[];
  list: CountyList;
  figures: Map<string, CountyFigure[]>;
}

/** Place of `value` among `values`, 1 for the highest; equal values share the better place. */
export function rankOf(value: number, values: number[]): { position: number; of: number } {
  return { position: 1 + values.filter((v) => v > value).length, of: values.length };
}

function listAt<K, V>(map: Map<K, V[]>, key: K): V[] {
  let list = map.get(key);
  if (!list) map.set(key, (list = []));
  return list;
}

async function readHeadlines(db: Kysely<Database>): Promise<HeadlineValues[]> {
  const variables = await listHeadlineVariables(db);
  const rows = await countyAndNationalValues(
    db,
    variables.map((v) => v.id),
  );
  return variables.map((v) => {
    const byCounty = new Map<string, Point[]>();
    const onDate = new Map<string, number[]>();
    const national = new Map<string, number>();
    for (const row of rows) {
      if (row.variable_id !== v.id) continue;
      if (row.kind === 'country') {
        if (row.name === NATIONAL) national.set(row.ts, row.value);
        continue;
      }
      listAt(byCounty, row.name).push({ date: row.ts, value: row.value });
      listAt(onDate, row.ts).push(row.value);
    }
    const headline: Headline = {
      topic: v.headline_topic as HeadlineTopic,
      variable: v.name,
      unit: v.unit,
      period: v.period,
      definition: v.definition,
      source: sourceRef(v.source),
      dataset: datasetRef(v),
    };
    return { headline, byCounty, onDate, national };
  });
}

function countyFigure(h: HeadlineValues, county: string): CountyFigure {
  const values = h.byCounty.get(county) ?? [];
  const latest = values.at(-1) ?? null;
  const series = values.slice(-TREND_POINTS[h.headline.period]);
  const nationalValue = latest ? h.national.get(latest.date) : undefined;
  return {
    ...h.headline,
    latest,
    rank: latest ? rankOf(latest.value, h.onDate.get(latest.date)!) : null,
    national: latest && nationalValue !== undefined ? { date: latest.date, value: nationalValue } : null,
    series,
    url: timeseriesPagePath(h.headline.source.sector, h.headline.source.slug, {
      start: series[0]?.date,
      end: latest?.date,
      variable: h.headline.variable,
      location: county,
    }),
  };
}

export async function buildCountySnapshot(db: Kysely<Database>): Promise<CountySnapshot> {
  const [rows, headlines] = await Promise.all([listCounties(db), readHeadlines(db)]);
  const counties = rows.map((c) => ({ slug: countySlug(c.name), name: c.name, code: c.code }));
  const figures = new Map(counties.map((c) => [c.slug, headlines.map((h) => countyFigure(h, c.name))]));
  const list: CountyList = {
    headlines: headlines.map((h) => ({ ...h.headline, date: [...h.onDate.keys()].sort().at(-1) ?? null })),
    counties: counties.map((c) => ({ ...c, values: figures.get(c.slug)!.map((f) => f.latest) })),
  };
  return { counties, list, figures };
}

/**
 * The county figures, kept until a dataset is loaded again. Working them out reads every value of
 * the headline variables (about 100,000 rows, a few hundred ms); a profile is then a lookup, which
 * keeps its server time within the 30 ms target. The cost: one small query per call to notice a load.
 */
export class CountyFigures {
  private cached: { stamp: string; snapshot: Promise<CountySnapshot> } | null = null;

  constructor(private readonly db: Kysely<Database>) {}

  async snapshot(): Promise<CountySnapshot> {
    return (await this.stamped()).snapshot;
  }

  /** The snapshot with the data load it was worked out from, for what is kept as long as it is. */
  async stamped(): Promise<{ stamp: string; snapshot: CountySnapshot }> {
    const stamp = await dataStamp(this.db);
    if (this.cached?.stamp !== stamp) {
      const snapshot = buildCountySnapshot(this.db);
      this.cached = { stamp, snapshot };
      // A failed read is not kept: the next call tries again.
      snapshot.catch(() => {
        if (this.cached?.snapshot === snapshot) this.cached = null;
      });
    }
    return { stamp, snapshot: await this.cached.snapshot };
  }
}
