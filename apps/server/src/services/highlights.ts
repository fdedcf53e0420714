import type { Kysely } from 'kysely';
import type { Highlight, LongRecord } from '@portal/contract/highlights';
import { timeseriesPagePath } from './page-links.ts';
import { datasetRef, sourceRef } from './provenance.ts';
import type { Database } from '@portal/db/database';
import {
  latestCountyValues,
  latestValuesAt,
  listDatasetSpans,
  listHighlightVariables,
} from '@portal/db/queries/highlights.queries';

/** How many recent values a figure's trend chart draws: 30 years, or two years of months. */
export const TREND_POINTS = { year: 30, month: 24, day: 60, normal: 12 } as const;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * The landing page's figures, as the manifests mark them: a variable's values at one location, or
 * for each date the median of the counties with a value. A figure without values is left out.
 */
export async function landingFigures(db: Kysely<Database>): Promise<Highlight[]> {
  const figures: Highlight[] = [];
  for (const v of await listHighlightVariables(db)) {
    const count = TREND_POINTS[v.period];
    let series: Highlight['series'];
    let counties: number | null = null;
    if (v.highlight_location) {
      series = (await latestValuesAt(db, v.id, v.highlight_location, count))
        .map((o) => ({ date: o.ts, value: o.value }))
        .reverse();
    } else {
      const byDate = new Map<string, number[]>();
      for (const o of await latestCountyValues(db, v.id, count))
        byDate.set(o.ts, [...(byDate.get(o.ts) ?? []), o.value]);
      const dates = [...byDate.keys()].sort();
      series = dates.map((date) => ({ date, value: median(byDate.get(date)!) }));
      counties = dates.length ? byDate.get(dates[dates.length - 1])!.length : null;
    }
    const latest = series.at(-1);
    if (!latest) continue;
    figures.push({
      variable: v.name,
      unit: v.unit,
      period: v.period,
      definition: v.definition,
      caveat: v.caveat,
      location: v.highlight_location,
      counties,
      latest,
      series,
      source: sourceRef(v.source),
      dataset: datasetRef(v),
      url: timeseriesPagePath(v.source.sector_slug, v.source.slug, {
        start: series[0].date,
        end: v.last_ts,
        variable: v.name,
        location: v.highlight_location,
      }),
    });
  }
  return figures;
}

/** How many of the longest records the landing page lists. */
const LONGEST_RECORDS = 5;

/** The datasets whose values span the most years (ties: the more recent last date first). */
export async function longestRecords(db: Kysely<Database>): Promise<LongRecord[]> {
  const years = (d: { first: string; last: string }) => Number(d.last.slice(0, 4)) - Number(d.first.slice(0, 4));
  const spans = (await listDatasetSpans(db)).flatMap((d) =>
    d.first && d.last ? [{ id: d.id, title: d.title, publisher: d.publisher, first: d.first, last: d.last }] : [],
  );
  return spans.sort((a, b) => years(b) - years(a) || b.last.localeCompare(a.last)).slice(0, LONGEST_RECORDS);
}
