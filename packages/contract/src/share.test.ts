import { describe, expect, it } from 'vitest';
import { embedSnippet, viewEmbedPath, viewPagePath } from './share-links.ts';
import { type SharedView, viewImagePath } from './share.ts';

const CHART: SharedView = {
  kind: 'timeseries',
  source: 'climate/weather-observations',
  start: '2022-01-01',
  end: '2023-12-31',
  variables: ['Rainfall, 1-month rolling', "Rain (mm) & 'more'~!"],
  locations: ['Turkana', 'Nakuru'],
};

describe('shared views', () => {
  it('writes each address with the query as URLSearchParams writes it, names repeated in order', () => {
    const query = new URLSearchParams([
      ['start', '2022-01-01'],
      ['end', '2023-12-31'],
      ['variable', 'Rainfall, 1-month rolling'],
      ['variable', "Rain (mm) & 'more'~!"],
      ['location', 'Turkana'],
      ['location', 'Nakuru'],
    ]);
    expect(viewPagePath(CHART)).toBe(`/sectors/climate/weather-observations/timeseries?${query.toString()}`);
    const withSource = new URLSearchParams([['source', 'climate/weather-observations'], ...query, ['lang', 'sw']]);
    expect(viewImagePath(CHART, 'svg', 'sw')).toBe(`/api/v1/images/timeseries.svg?${withSource.toString()}`);
    expect(viewEmbedPath(CHART, 'sw')).toBe(`/embed/timeseries?${withSource.toString()}`);
  });

  it('leaves the map’s default method and a missing period out, as the map page’s address does', () => {
    const map: SharedView = { kind: 'choropleth', source: 'energy/access', variable: 'Electricity access' };
    expect(viewPagePath({ ...map, method: 'quantile' })).toBe(
      '/maps/counties?source=energy%2Faccess&variable=Electricity+access',
    );
    expect(viewImagePath({ ...map, period: '2019-01-01', method: 'equal' }, 'png', 'en')).toBe(
      '/api/v1/images/choropleth.png?source=energy%2Faccess&variable=Electricity+access&period=2019-01-01&method=equal&lang=en',
    );
  });

  it('gives counties their images and embeds, and counties compared no embed', () => {
    expect(viewPagePath({ kind: 'county', slug: 'turkana' })).toBe('/counties/turkana');
    expect(viewImagePath({ kind: 'county', slug: 'turkana' }, 'csv', 'en')).toBe(
      '/api/v1/images/county/turkana.csv?lang=en',
    );
    expect(viewEmbedPath({ kind: 'county', slug: 'turkana' }, 'en')).toBe('/embed/counties/turkana?lang=en');
    const compared: SharedView = { kind: 'compare', slugs: ['kwale', 'lamu'] };
    expect(viewPagePath(compared)).toBe('/counties/compare?c=kwale&c=lamu');
    expect(viewImagePath(compared, 'json', 'en')).toBe('/api/v1/images/compare.json?c=kwale&c=lamu&lang=en');
    expect(viewEmbedPath(compared, 'en')).toBeNull();
  });

  it('writes an embed snippet whose address and title cannot break out of their attributes', () => {
    const snippet = embedSnippet('https://portal.test/embed/counties/turkana?lang=en&x="', 'Turkana "County" <b>');
    expect(snippet).toBe(
      '<iframe src="https://portal.test/embed/counties/turkana?lang=en&amp;x=&quot;" title="Turkana &quot;County&quot; &lt;b&gt;" loading="lazy" style="width: 100%; aspect-ratio: 4 / 3; border: 0"></iframe>',
    );
  });
});
