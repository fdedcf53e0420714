import { describe, expect, it } from 'vitest';
import { type DatasetFacts, datasetJsonLd, describeDataset } from './dataset-jsonld.ts';

const WDI: DatasetFacts = {
  id: 'wdi-kenya',
  title: 'World Development Indicators: Kenya',
  publisher: 'World Bank',
  licence: 'CC BY 4.0 (World Bank open data terms)',
  citation: 'World Bank. World Development Indicators, Kenya.',
  sourceUrl: 'https://data.worldbank.org/country/kenya',
  retrieved: '2026-11-22',
  notes: 'Reshaped to long form.',
  version: '0123456789ab',
  modified: '2026-11-23T08:00:00.000Z',
  first: '1960-01-01',
  last: '2024-12-31',
  variables: [
    { name: 'GDP growth', unit: 'annual %' },
    { name: 'Population, total', unit: 'people' },
  ],
  pageUrl: 'https://data.example.ke/datasets/wdi-kenya',
  csvUrl: 'https://data.example.ke/api/v1/datasets/wdi-kenya/observations.csv',
};

describe('datasetJsonLd', () => {
  it('describes the dataset as a schema.org Dataset with what Google reads', () => {
    expect(datasetJsonLd(WDI)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Dataset',
      '@id': WDI.pageUrl,
      name: 'World Development Indicators: Kenya',
      description:
        'World Development Indicators: Kenya, published by World Bank. 2 variables for Kenya: GDP growth; Population, total. Values from 1960-01-01 to 2024-12-31. Retrieved from the publisher on 2026-11-22. Reshaped to long form.',
      url: WDI.pageUrl,
      identifier: 'wdi-kenya',
      version: '0123456789ab',
      dateModified: '2026-11-23T08:00:00.000Z',
      creator: { '@type': 'Organization', name: 'World Bank' },
      publisher: { '@type': 'Organization', name: 'World Bank' },
      license: { '@type': 'CreativeWork', name: 'CC BY 4.0 (World Bank open data terms)' },
      isAccessibleForFree: true,
      isBasedOn: 'https://data.worldbank.org/country/kenya',
      citation: 'World Bank. World Development Indicators, Kenya.',
      temporalCoverage: '1960-01-01/2024-12-31',
      spatialCoverage: { '@type': 'Place', name: 'Kenya', sameAs: 'https://sws.geonames.org/192950/' },
      variableMeasured: [
        { '@type': 'PropertyValue', name: 'GDP growth', unitText: 'annual %' },
        { '@type': 'PropertyValue', name: 'Population, total', unitText: 'people' },
      ],
      distribution: [{ '@type': 'DataDownload', encodingFormat: 'text/csv', contentUrl: WDI.csvUrl }],
    });
  });

  it('leaves out the temporal coverage of a dataset without values', () => {
    const doc = datasetJsonLd({ ...WDI, first: null, last: null, variables: [] });
    expect(doc).not.toHaveProperty('temporalCoverage');
    expect(doc.variableMeasured).toEqual([]);
  });

  it('survives a round trip through JSON', () => {
    expect(JSON.parse(JSON.stringify(datasetJsonLd(WDI)))).toEqual(datasetJsonLd(WDI));
  });
});

describe('describeDataset', () => {
  it('is at least 50 characters even for the barest dataset', () => {
    const bare = { ...WDI, title: 'X', publisher: 'Y', notes: null, first: null, last: null, variables: [] };
    expect(describeDataset(bare)).toBe('X, published by Y. Retrieved from the publisher on 2026-11-22.');
    expect(describeDataset(bare).length).toBeGreaterThanOrEqual(50);
  });

  it('names the first eight variables and counts the rest', () => {
    const variables = Array.from({ length: 11 }, (_, i) => ({ name: `V${i + 1}`, unit: 'u' }));
    expect(describeDataset({ ...WDI, variables, notes: null })).toContain(
      '11 variables for Kenya: V1; V2; V3; V4; V5; V6; V7; V8; and 3 more.',
    );
  });

  it('says variable in the singular for one', () => {
    expect(describeDataset({ ...WDI, variables: [{ name: 'Rainfall', unit: 'mm' }] })).toContain(
      '1 variable for Kenya: Rainfall.',
    );
  });
});
