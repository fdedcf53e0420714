import { describe, expect, it } from 'vitest';
import { languageOfHeader } from './i18n.ts';

describe('the language of a request', () => {
  it('takes the best supported language of Accept-Language by quality and primary subtag', () => {
    expect(languageOfHeader('en-GB,en;q=0.9')).toBe('en');
    expect(languageOfHeader('fr-FR,fr;q=0.9,en-KE;q=0.5')).toBe('en');
    expect(languageOfHeader('fr;q=1, EN;q=0.2')).toBe('en');
    expect(languageOfHeader('sw-KE,sw;q=0.9,en;q=0.8')).toBe('sw');
    expect(languageOfHeader('en;q=0.5, sw')).toBe('sw');
  });

  it('finds none in a header naming only unsupported or refused languages', () => {
    expect(languageOfHeader('fr-FR,de;q=0.5')).toBeUndefined();
    expect(languageOfHeader('en;q=0')).toBeUndefined();
    expect(languageOfHeader('')).toBeUndefined();
    expect(languageOfHeader(undefined)).toBeUndefined();
  });
});
