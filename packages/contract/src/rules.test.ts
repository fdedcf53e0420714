import { describe, expect, it } from 'vitest';
import {
  filterLayerPath,
  layerMenuLabel,
  layerNameFromMenuLabel,
  layerNameToParam,
  layerParamToName,
  overviewTarget,
  sectorLayerPath,
  toggleId,
} from './rules.ts';

describe('overviewTarget', () => {
  it("replaces the first segment 'sectors' with 'filters/{type}'", () => {
    expect(overviewTarget('/sectors/agriculture/carbon', 'raster')).toBe('/filters/raster/agriculture/carbon');
    expect(overviewTarget('/sectors/water/ecosystem', 'external')).toBe('/filters/external/water/ecosystem');
    expect(overviewTarget('/sectors/energy/access', 'timeseries')).toBe('/filters/timeseries/energy/access');
  });

  it("leaves a later 'sectors' segment alone", () => {
    expect(overviewTarget('/sectors/x/sectors', 'raster')).toBe('/filters/raster/x/sectors');
  });
});

describe('layer names', () => {
  it('writes spaces as underscores in URLs and reads them back', () => {
    expect(layerNameToParam('Kenya Power Lines')).toBe('Kenya_Power_Lines');
    expect(layerParamToName('Kenya_Power_Lines')).toBe('Kenya Power Lines');
  });

  it("takes the name before the first '(' of a menu entry", () => {
    expect(layerNameFromMenuLabel('Power Stations(sh)')).toBe('Power Stations');
    expect(layerNameFromMenuLabel('Mangroves UNDP-line')).toBe('Mangroves UNDP-line');
    expect(layerNameFromMenuLabel('Gyre (sh)')).toBe('Gyre');
  });

  it("marks vector layers with '(sh)' and round-trips through the menu label", () => {
    expect(layerMenuLabel('Power Stations', 'vector')).toBe('Power Stations(sh)');
    expect(layerMenuLabel('Elevation', 'raster')).toBe('Elevation');
    expect(layerNameFromMenuLabel(layerMenuLabel('Transmission Network', 'vector'))).toBe('Transmission Network');
  });

  it('builds the raster layer links of the sector and filter menus', () => {
    expect(sectorLayerPath('/sectors/energy/infrastructure', 'Power Stations')).toBe(
      '/sectors/energy/infrastructure/raster/Power_Stations',
    );
    expect(filterLayerPath('Kenya Bare Areas')).toBe('/filters/raster/Kenya_Bare_Areas');
  });
});

describe('toggleId', () => {
  it('lowercases and turns spaces into hyphens', () => {
    expect(toggleId('Taita Taveta')).toBe('taita-taveta');
    expect(toggleId('Electricity access')).toBe('electricity-access');
  });
});
