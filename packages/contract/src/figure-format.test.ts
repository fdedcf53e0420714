import { describe, expect, it } from 'vitest';
import { formatFigure, formatPeriod } from './figure-format.ts';

describe('figure formats', () => {
  it('writes a million and more in words, values below one to three digits, others to one decimal', () => {
    expect(formatFigure(55_339_003, 'en')).toBe('55.3 million');
    expect(formatFigure(76.24, 'en')).toBe('76.2');
    expect(formatFigure(63.5, 'en')).toBe('63.5');
    expect(formatFigure(0.4968, 'en')).toBe('0.497');
    expect(formatFigure(0.28209251, 'en')).toBe('0.282');
  });

  it('names the period a value holds for', () => {
    expect(formatPeriod('2023-01-01', 'year', 'en')).toBe('2023');
    expect(formatPeriod('2025-11-01', 'month', 'en')).toBe('November 2025');
    expect(formatPeriod('2025-11-01', 'month', 'en', 'short')).toBe('Nov 2025');
    expect(formatPeriod('2025-11-01', 'month', 'sw')).toBe('Novemba 2025');
  });
});
