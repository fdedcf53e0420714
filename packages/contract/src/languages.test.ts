import { describe, expect, it } from 'vitest';
import { preferredLanguage } from './languages.ts';

describe('preferredLanguage', () => {
  it('takes the first of the reader languages the portal has, by primary subtag', () => {
    expect(preferredLanguage(['sw-KE', 'en-US'])).toBe('sw');
    expect(preferredLanguage(['fr-FR', 'EN-gb', 'sw'])).toBe('en');
    expect(preferredLanguage([' sw '])).toBe('sw');
  });

  it('finds none among languages the portal does not have', () => {
    expect(preferredLanguage(['fr-FR', 'de'])).toBeUndefined();
    expect(preferredLanguage([])).toBeUndefined();
  });
});
