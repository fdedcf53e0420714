import { describe, expect, it } from 'vitest';
import { en, LANGUAGES, translator } from './messages.ts';
import { documents } from './messages-documents.ts';
import { sw } from './messages-sw.ts';

// The pages' texts and the server's documents' texts, checked alike.
const all = { en: { ...en, ...documents.en }, sw: { ...sw, ...documents.sw } };
const catalogues: Record<string, Record<string, string>> = all;

// What a translation must carry over unchanged: {{values}} and the <tags> the pages fill in.
const slots = (text: string) =>
  [...text.matchAll(/\{\{\s*[\w.-]+\s*\}\}|<\/?[A-Za-z]+\s*\/?>/g)].map(([slot]) => slot.replace(/\s+/g, '')).sort();

describe('the catalogue in every language', () => {
  it('has a catalogue for each language it offers', () => {
    expect(Object.keys(catalogues).sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(LANGUAGES.filter((language) => language !== 'en'))('%s has every English key and no other', (language) => {
    expect(Object.keys(catalogues[language]).sort()).toEqual(Object.keys(all.en).sort());
  });

  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    '%s keeps the placeholders and tags of each English text',
    (language) => {
      const catalogue = catalogues[language];
      const differing = Object.entries(all.en)
        .filter(([key, text]) => JSON.stringify(slots(text)) !== JSON.stringify(slots(catalogue[key] ?? '')))
        .map(([key]) => key);
      expect(differing).toEqual([]);
    },
  );

  it.each(LANGUAGES)('%s leaves no text empty', (language) => {
    expect(Object.entries(catalogues[language]).filter(([, text]) => text.trim() === '')).toEqual([]);
  });

  it('reads Swahili plurals with the _one and _other forms', () => {
    const t = translator('sw');
    expect(t('counties.shown', { count: 1 })).toBe('Kaunti 1');
    expect(t('home.longest.span', { count: 1, first: 2000, last: 2000, publisher: 'KNBS' })).toBe(
      '2000–2000 (mwaka 1) · KNBS',
    );
    expect(t('home.longest.span', { count: 3, first: 2000, last: 2002, publisher: 'KNBS' })).toBe(
      '2000–2002 (miaka 3) · KNBS',
    );
  });
});
