import { describe, expect, it } from 'vitest';
import type { DatasetSummary } from '@portal/contract/datasets';
import { listStateParams, readListState, shownDatasets } from './list-state';

const dataset = (
  id: string,
  title: string,
  publisher: string,
  first: string | null,
  last: string | null,
): DatasetSummary => ({
  id,
  title,
  publisher,
  licence: 'CC BY 4.0',
  licenceToVerify: false,
  retrieved: '2026-11-22',
  version: '0123456789ab',
  loadedAt: '2026-11-24T07:00:00.000Z',
  first,
  last,
  valueCount: 1,
  variableCount: 1,
});

const DATASETS = [
  dataset('wdi', 'World Development Indicators: Kenya', 'World Bank', '1960-01-01', '2024-12-31'),
  dataset(
    'census',
    '2019 Kenya Population and Housing Census',
    'Kenya National Bureau of Statistics (KNBS)',
    '2019-01-01',
    '2019-12-31',
  ),
  dataset('chirps', 'CHIRPS rainfall by county', 'World Food Programme', '1981-01-01', '2026-10-31'),
  dataset('empty', 'Awaiting data', 'Nobody', null, null),
];
const ids = (list: DatasetSummary[]) => list.map((d) => d.id);

describe('dataset list state', () => {
  it('reads the filter and sort from the address, falling back to title order', () => {
    expect(readListState(new URLSearchParams('q=bank&sort=span'))).toEqual({ q: 'bank', sort: 'span' });
    expect(readListState(new URLSearchParams('sort=size'))).toEqual({ q: '', sort: 'title' });
    expect(listStateParams({ q: '', sort: 'title' }).toString()).toBe('');
    expect(listStateParams({ q: 'world bank', sort: 'last' }).toString()).toBe('q=world+bank&sort=last');
  });

  it('keeps datasets whose title or publisher has every word typed, in any case', () => {
    expect(ids(shownDatasets(DATASETS, { q: 'WORLD', sort: 'title' }))).toEqual(['chirps', 'wdi']);
    expect(ids(shownDatasets(DATASETS, { q: 'knbs census', sort: 'title' }))).toEqual(['census']);
    expect(ids(shownDatasets(DATASETS, { q: 'nothing like it', sort: 'title' }))).toEqual([]);
  });

  it('sorts by title, by the longest span, or by the latest data, datasets without values last', () => {
    expect(ids(shownDatasets(DATASETS, { q: '', sort: 'title' }))).toEqual(['census', 'empty', 'chirps', 'wdi']);
    expect(ids(shownDatasets(DATASETS, { q: '', sort: 'span' }))).toEqual(['wdi', 'chirps', 'census', 'empty']);
    expect(ids(shownDatasets(DATASETS, { q: '', sort: 'last' }))).toEqual(['chirps', 'wdi', 'census', 'empty']);
  });
});
