import type { Kysely } from 'kysely';
import { ckmeans } from 'simple-statistics';
import type { Choropleth, ChoroplethQuery, ClassMethod, MappableVariable } from '@portal/contract/choropleth';
import { CHOROPLETH_CLASSES, CHOROPLETH_MIN_COUNTIES } from '@portal/contract/choropleth-classes';
import { countySlug } from '@portal/contract/counties';
import type { Database } from '@portal/db/database';
import { findSource } from '@portal/db/queries/catalog.queries';
import { findSourceVariable, listMappableVariables } from '@portal/db/queries/choropleth.queries';
import { countyAndNationalValues, dataStamp, listCounties } from '@portal/db/queries/counties.queries';
import { AppError, notFound } from '../plugins/errors.ts';
import { NATIONAL, rankOf } from './county-figures.ts';
import { timeseriesPagePath } from './page-links.ts';
import { datasetRef, sourceRef } from './provenance.ts';

/**
 * The value at fraction `p` (0-1) of the sorted values, interpolated between the two nearest
 * (the definition spreadsheets and R use by default).
 */
export function quantile(sorted: number[], p: number): number {
  const at = (sorted.length - 1) * p;
  const below = Math.floor(at);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below] + (sorted[above] - sorted[below]) * (at - below);
}

/** Lower bounds of ckmeans' clusters (optimal 1-D natural breaks), then the largest value. */
function naturalBounds(sorted: number[], classes: number): number[] {
  const clusters = ckmeans(sorted, Math.min(classes, new Set(sorted).size));
  return [...clusters.map((cluster) => cluster[0]), sorted.at(-1)!];
}

/**
 * Bounds of up to `classes` classes of the values, lowest first. Bounds that coincide (many equal
 * values, such as a share that is 0 in most counties) are kept once, leaving fewer classes rather
 * than empty ones.
 */
export function classBreaks(values: number[], method: ClassMethod, classes = CHOROPLETH_CLASSES): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const bounds =
    method === 'quantile'
      ? Array.from({ length: classes + 1 }, (_, i) => quantile(sorted, i / classes))
      : naturalBounds(sorted, classes);
  const distinct = [...new Set(bounds)];
  return distinct.length === 1 ? [distinct[0], distinct[0]] : distinct;
}

/** The class of a value: the last one whose lower bound it reaches; the top bound belongs to the last class. */
export function classOf(value: number, breaks: number[]): number {
  let index = 0;
  while (index < breaks.length - 2 && value >= breaks[index + 1]) index++;
  return index;
}

/** A variable's county values by period (county name → value) and Kenya's, from one read of its values. */
interface CountyValues {
  byPeriod: Map<string, Map<string, number>>;
  national: Map<string, number>;
  all: number[];
  /** Class breaks by method, worked out when first asked for. */
  breaks: Map<ClassMethod, number[]>;
}

function groupValues(rows: { name: string; kind: string; ts: string; value: number }[]): CountyValues {
  const values: CountyValues = { byPeriod: new Map(), national: new Map(), all: [], breaks: new Map() };
  for (const row of rows) {
    if (row.kind === 'country') {
      if (row.name === NATIONAL) values.national.set(row.ts, row.value);
      continue;
    }
    let period = values.byPeriod.get(row.ts);
    if (!period) values.byPeriod.set(row.ts, (period = new Map<string, number>()));
    period.set(row.name, row.value);
    values.all.push(row.value);
  }
  return values;
}

/** The source and variable a query names, or a 404 saying which of them is unknown. */
async function findVariable(db: Kysely<Database>, query: ChoroplethQuery) {
  const [sector, slug] = query.source.split('/');
  const source = await findSource(db, sector, slug);
  if (!source) throw notFound('error.sourceNotFound', { source: query.source });
  const variable = await findSourceVariable(db, source.id, query.variable);
  if (!variable) throw notFound('error.choroplethVariableNotFound', { source: query.source, variable: query.variable });
  return { source, variable };
}

/** The period a query asks for (the latest when it names none), refused when the map cannot show it. */
function shownPeriod(variable: string, values: CountyValues, asked: string | undefined): string {
  const periods = [...values.byPeriod.keys()];
  const most = Math.max(0, ...[...values.byPeriod.values()].map((counties) => counties.size));
  if (most < CHOROPLETH_MIN_COUNTIES)
    throw new AppError('VALIDATION_FAILED', 'error.choroplethTooFewCounties', {
      variable,
      min: CHOROPLETH_MIN_COUNTIES,
      most,
    });
  const period = asked ?? periods.at(-1)!;
  if (!values.byPeriod.has(period)) {
    throw new AppError('VALIDATION_FAILED', 'error.choroplethUnknownPeriod', {
      variable,
      period,
      first: periods[0],
      last: periods.at(-1)!,
    });
  }
  return period;
}

function breaksOf(values: CountyValues, method: ClassMethod): number[] {
  let breaks = values.breaks.get(method);
  if (!breaks) values.breaks.set(method, (breaks = classBreaks(values.all, method)));
  return breaks;
}

/**
 * Each variable's county values, grouped and classed, kept until a dataset is loaded again (like
 * CountyFigures). Reading a monthly variable's 6,300 county values took 12.5 ms of a 16 ms answer
 * (SQLite, 2 busy cores), and a jump of the slider to a period not fetched ahead waits for it; kept,
 * an answer costs one small query to notice a load.
 */
export class CountyValueCache {
  private stamp: string | null = null;
  private readonly byVariable = new Map<number, Promise<CountyValues>>();

  constructor(private readonly db: Kysely<Database>) {}

  async valuesOf(variableId: number): Promise<CountyValues> {
    const stamp = await dataStamp(this.db);
    if (stamp !== this.stamp) {
      this.byVariable.clear();
      this.stamp = stamp;
    }
    let values = this.byVariable.get(variableId);
    if (!values) {
      values = countyAndNationalValues(this.db, [variableId]).then(groupValues);
      this.byVariable.set(variableId, values);
      // A failed read is not kept: the next call tries again.
      values.catch(() => this.byVariable.get(variableId) === values && this.byVariable.delete(variableId));
    }
    return values;
  }
}

/** One variable's values at the 47 counties in one period, classed over every period's county values. */
export async function choroplethOf(
  db: Kysely<Database>,
  cache: CountyValueCache,
  query: ChoroplethQuery,
): Promise<Choropleth> {
  const { source, variable } = await findVariable(db, query);
  const [counties, values] = await Promise.all([listCounties(db), cache.valuesOf(variable.id)]);
  const period = shownPeriod(variable.name, values, query.period);
  const periods = [...values.byPeriod.keys()];
  const breaks = breaksOf(values, query.method);
  const shown = values.byPeriod.get(period)!;
  const shownValues = [...shown.values()];
  return {
    variable: {
      name: variable.name,
      unit: variable.unit,
      period: variable.period,
      definition: variable.definition,
      caveat: variable.caveat,
    },
    source: sourceRef(source),
    dataset: datasetRef(variable),
    period,
    periods,
    classes: { method: query.method, breaks, scope: 'all-periods', valueCount: values.all.length },
    counties: counties.map(({ name, code }) => {
      const value = shown.get(name) ?? null;
      return {
        slug: countySlug(name),
        name,
        code,
        value,
        class: value === null ? null : classOf(value, breaks),
        rank: value === null ? null : rankOf(value, shownValues).position,
        url: timeseriesPagePath(source.sector_slug, source.slug, {
          start: periods[0],
          end: periods.at(-1),
          variable: variable.name,
          location: name,
        }),
      };
    }),
    national: values.national.get(period) ?? null,
    countiesWithValue: shown.size,
  };
}

/** Every variable a county map can show, once per source offering it. */
export async function mappableVariables(db: Kysely<Database>): Promise<MappableVariable[]> {
  const rows = await listMappableVariables(db, CHOROPLETH_MIN_COUNTIES);
  return rows.map((r) => ({
    source: sourceRef(r),
    name: r.name,
    unit: r.unit,
    period: r.period,
    first: r.first,
    last: r.last,
  }));
}
