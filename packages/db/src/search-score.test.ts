import { describe, expect, it } from 'vitest';
import { fitOf, normalize, similarity, wordFit } from './search-score.ts';

describe('search scoring', () => {
  it('compares words without case, accents or punctuation', () => {
    expect(normalize("Murang'a  Côte-d'Ivoire")).toBe('murang a cote d ivoire');
  });

  it('measures trigram similarity as pg_trgm does', () => {
    // PostgreSQL: select similarity('nairobbi', 'nairobi') answers 0.7
    expect(similarity('nairobbi', 'nairobi')).toBeCloseTo(0.7, 6);
    expect(similarity('kenya', 'kenya')).toBe(1);
  });

  it('takes an unfinished word as nearly the word, and a typo as less', () => {
    expect(wordFit('rainfall', 'rainfall')).toBe(1);
    expect(wordFit('rainfal', 'rainfall')).toBeGreaterThan(0.9);
    expect(wordFit('nairobbi', 'nairobi')).toBeGreaterThan(0.45);
    expect(wordFit('nairobbi', 'nairobi')).toBeLessThan(wordFit('nairo', 'nairobi'));
    expect(wordFit('mombasa', 'nairobi')).toBeLessThan(0.45);
  });

  it('prefers the entry whose title the query covers', () => {
    const short = fitOf(['rainfall'], ['rainfall'], ['rainfall']);
    const long = fitOf(['rainfall'], ['rainfall', 'anomaly'], ['rainfall', 'anomaly']);
    expect(short.score).toBeGreaterThan(long.score);
    expect(fitOf(['rainfal', 'turkan'], ['rainfall'], ['rainfall']).matched).toEqual([true, false]);
  });

  it('reads the title against the query as typed, words not looked up included', () => {
    const typed = ['access', 'to', 'electricity'];
    const tokens = ['access', 'electricity'];
    const named = { typed, translated: [] };
    const exact = fitOf(tokens, typed, typed, named);
    const other = fitOf(tokens, ['access', 'electricity', 'urban'], ['access', 'electricity', 'urban'], named);
    expect(exact.score).toBeGreaterThan(other.score + 0.2);
  });

  it('counts the title words a query names in another language', () => {
    const title = ['electricity', 'access'];
    const inSwahili = (translated: string[]) =>
      fitOf(['umeme'], [...title, 'umeme'], title, { typed: ['umeme'], translated }).score;
    expect(inSwahili(['electricity', 'electric'])).toBeGreaterThan(inSwahili([]));
  });
});
