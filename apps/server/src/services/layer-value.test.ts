import { describe, expect, it } from 'vitest';
import type { LayerStyle } from '@portal/geo/style';
import { describeLayerValue, popupValues } from './layer-value.ts';

const dams: LayerStyle = {
  type: 'fill',
  fill: '#0868ac',
  stroke: '#ffffff',
  popup: [
    { property: 'Dam_name', label: 'Name' },
    { property: 'Dam_height_m', label: 'Height', unit: 'm' },
    { property: 'Reservoir_area_km2', label: 'Reservoir area', unit: 'km²' },
    { property: 'qc_note', label: 'Quality note' },
  ],
};
const status: LayerStyle = {
  type: 'categories',
  property: 'status',
  categories: [{ value: 'pre-permit', colour: '#0072b2', label: 'Pre-permit' }],
  popup: [
    { property: 'plant', label: 'Plant' },
    { property: 'status', label: 'Status' },
  ],
};

describe('popupValues', () => {
  it("lists the style's fields in order with units, leaving out empty values", () => {
    expect(
      popupValues(dams, {
        Dam_name: 'Masinga',
        Irrigation: 0,
        Dam_height_m: 70,
        Reservoir_area_km2: null,
        qc_note: '',
      }),
    ).toEqual([
      { label: 'Name', value: 'Masinga', unit: null },
      { label: 'Height', value: 70, unit: 'm' },
    ]);
  });

  it('shows the property a categories style colours by with its legend label', () => {
    expect(popupValues(status, { plant: 'Lamu Power Project', status: 'pre-permit' })).toEqual([
      { label: 'Plant', value: 'Lamu Power Project', unit: null },
      { label: 'Status', value: 'Pre-permit', unit: null },
    ]);
  });

  it('lists the first eight non-empty attributes under their own names when the style names none', () => {
    const properties = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`p${i}`, i === 1 ? null : i]));
    const values = popupValues(null, properties);
    expect(values.map((v) => v.label)).toEqual(['p0', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8']);
  });
});

describe('describeLayerValue', () => {
  it('gives the ramp value of a choropleth with its unit, and the attributes as fields', () => {
    const found = {
      kind: 'vector' as const,
      properties: { name: 'Nairobi', electricity_access_pct: 96.5 },
      label: null,
    };
    const ramp: LayerStyle = {
      type: 'ramp',
      unit: '% of households',
      property: 'electricity_access_pct',
      stops: [
        [0, '#ffffff'],
        [100, '#000000'],
      ],
    };
    expect(
      describeLayerValue(
        { name: 'Electricity Access 2019', file: 'derived/kenya-county-electricity-access-2019.geojson' },
        ramp,
        found,
      ),
    ).toMatchObject({
      value: 96.5,
      unit: '% of households',
      fields: [
        { label: 'name', value: 'Nairobi', unit: null },
        { label: 'electricity_access_pct', value: 96.5, unit: null },
      ],
    });
  });

  it('says what a derived layer was computed from, and nothing for a published file', () => {
    const found = {
      kind: 'vector' as const,
      properties: { name: 'Nairobi', electricity_access_pct: 96.5 },
      label: null,
    };
    const ramp: LayerStyle = {
      type: 'ramp',
      unit: '% of conventional households',
      property: 'electricity_access_pct',
      stops: [
        [0, '#ffffff'],
        [100, '#000000'],
      ],
    };
    const derived = describeLayerValue(
      { name: 'Electricity Access 2019', file: 'derived/kenya-county-electricity-access-2019.geojson' },
      ramp,
      found,
    );
    expect(derived).toMatchObject({
      value: 96.5,
      unit: '% of conventional households',
      derivedFrom: expect.stringContaining('KNBS 2019 census table 2.19'),
    });
    expect(
      describeLayerValue({ name: 'Counties', file: 'boundaries/kenya_counties.geojson' }, null, found).derivedFrom,
    ).toBeNull();
  });

  it('answers a click beside every feature with no attributes', () => {
    expect(
      describeLayerValue({ name: 'Dams', file: 'water/kenya_dams_aquastat.geojson' }, dams, {
        kind: 'vector',
        properties: null,
        label: null,
      }),
    ).toEqual({
      layer: 'Dams',
      kind: 'vector',
      value: null,
      label: null,
      unit: null,
      properties: null,
      fields: null,
      derivedFrom: null,
    });
  });
});
