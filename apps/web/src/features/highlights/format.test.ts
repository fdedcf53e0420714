import { describe, expect, it } from 'vitest';
import { formatFigure, formatPeriod } from './format';

describe('landing figure formats', () => {
  it('writes a million and more in words, smaller values to one decimal', () => {
    expect(formatFigure(55_339_003)).toBe('55.3 million');
    expect(formatFigure(76.24)).toBe('76.2');
    expect(formatFigure(63.5)).toBe('63.5');
  });

  it('names the period a value holds for', () => {
    expect(formatPeriod('2023-01-01', 'year')).toBe('2023');
    expect(formatPeriod('2025-11-01', 'month')).toBe('November 2025');
  });
});
