import { describe, expect, it } from 'vitest';
import { parseFilterPath, parseSectorPath, parseSourceSegments } from './source-route.ts';

describe('parseSectorPath', () => {
  it('reads the four pages of a source', () => {
    expect(parseSectorPath('agriculture', ['carbon', 'timeseries'])).toEqual({
      kind: 'source',
      sector: 'agriculture',
      source: 'carbon',
      representation: 'timeseries',
    });
    expect(parseSectorPath('agriculture', ['carbon', 'raster'])).toEqual({
      kind: 'source',
      sector: 'agriculture',
      source: 'carbon',
      representation: 'raster',
    });
    expect(parseSectorPath('agriculture', ['carbon', 'external'])).toMatchObject({ representation: 'external' });
    expect(parseSectorPath('energy', ['infrastructure', 'raster', 'Power_Stations'])).toMatchObject({
      representation: 'raster',
      layer: 'Power Stations',
    });
  });

  it('sends a bare source path to its home and anything else to not-found', () => {
    expect(parseSectorPath('agriculture', ['carbon'])).toEqual({
      kind: 'source-home',
      sector: 'agriculture',
      source: 'carbon',
    });
    for (const segments of [
      [],
      ['carbon', 'map'],
      ['carbon', 'timeseries', 'x'],
      ['carbon', 'external', 'x'],
      ['carbon', 'raster', 'A', 'b'],
    ]) {
      expect(parseSectorPath('agriculture', segments)).toEqual({ kind: 'not-found' });
    }
  });
});

describe('parseFilterPath', () => {
  it('reads a source in the filter type and the raster layer pages', () => {
    expect(parseFilterPath('timeseries', ['energy', 'access'])).toEqual({
      kind: 'source',
      sector: 'energy',
      source: 'access',
      representation: 'timeseries',
    });
    expect(parseFilterPath('raster', ['Kenya_Power_Lines'])).toEqual({ kind: 'layer', layer: 'Kenya Power Lines' });
    expect(parseFilterPath('raster', ['energy', 'infrastructure', 'Power_Stations'])).toMatchObject({
      layer: 'Power Stations',
    });
  });

  it('refuses unknown types and shapes', () => {
    for (const [type, segments] of [
      ['maps', ['energy', 'access']],
      ['timeseries', ['Power_Stations']],
      ['external', ['water', 'lakes', 'Lakes']],
      ['raster', []],
      ['raster', ['a', 'b', 'c', 'd']],
    ] as const) {
      expect(parseFilterPath(type, [...segments])).toEqual({ kind: 'not-found' });
    }
  });
});

describe('parseSourceSegments', () => {
  it('reads an address under /sectors/{sector}/ or /filters/{type}/, and nothing else', () => {
    expect(parseSourceSegments(['sectors', 'energy', 'access', 'raster'])).toEqual({
      kind: 'source',
      sector: 'energy',
      source: 'access',
      representation: 'raster',
    });
    expect(parseSourceSegments(['filters', 'raster', 'Power_Stations'])).toEqual({
      kind: 'layer',
      layer: 'Power Stations',
    });
    for (const segments of [
      [],
      ['sectors'],
      ['about', 'energy', 'access'],
      ['datasets', 'energy', 'access', 'timeseries'],
    ]) {
      expect(parseSourceSegments(segments), segments.join('/')).toEqual({ kind: 'not-found' });
    }
  });
});
