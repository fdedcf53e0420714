import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages.ts';
import { SEARCH_GLOSSARIES, searchWords, translatedTerms } from './search-words.ts';

describe('search words', () => {
  it('looks up neither years nor common words, and keeps the years for the dates', () => {
    expect(searchWords('Rainfall Turkana 2010')).toEqual({
      words: ['rainfall', 'turkana'],
      typed: ['rainfall', 'turkana', '2010'],
      years: [2010],
      translated: [],
    });
    expect(searchWords('electricity access by county').words).toEqual(['electricity', 'access']);
    expect(searchWords('idadi ya watu kaunti ya Kisumu, 2010-2020')).toMatchObject({
      words: ['idadi', 'watu', 'kisumu'],
      years: [2010, 2020],
    });
    // Numbers that are no year of the data are words like any other.
    expect(searchWords('population 15 64 1850').words).toEqual(['population', '15', '64', '1850']);
  });

  it('looks up a query of nothing but common words and years as typed, each word once', () => {
    expect(searchWords('in').words).toEqual(['in']);
    expect(searchWords('by 2019 by').words).toEqual(['by', '2019']);
  });

  it('names in English the terms a query names in Swahili, a term of several words by all of them', () => {
    expect(searchWords('mvua').translated).toEqual(['rainfall', 'rain', 'precipitation']);
    expect(searchWords('umeme').translated).toEqual(['electricity', 'electric', 'hydroelectricity']);
    expect(searchWords('idadi ya watu').translated).toEqual(['population', 'people']);
    // "kituo cha umeme" is a power station; "umeme" alone is not.
    expect(searchWords('kituo cha umeme').translated).toContain('stations');
    expect(searchWords('umeme').translated).not.toContain('stations');
  });

  it("gives the other languages' names of the terms a text names, whole words only", () => {
    expect(translatedTerms('rainfall 1 month rolling')).toEqual(['mvua', 'mwezi']);
    expect(translatedTerms('electricity access')).toEqual(['umeme', 'upatikanaji']);
    expect(translatedTerms('population density')).toEqual(['idadi ya watu', 'msongamano']);
    expect(translatedTerms('terrain')).toEqual([]);
  });

  it('has every term in every language, none left empty, in plain letters the index compares as written', () => {
    const english = Object.keys(SEARCH_GLOSSARIES.en.terms).sort();
    for (const language of LANGUAGES) {
      const { ignored, terms } = SEARCH_GLOSSARIES[language];
      expect(Object.keys(terms).sort(), language).toEqual(english);
      // The index drops accents and reads anything but letters and digits as a space.
      const unplain = [ignored, ...Object.values(terms)].filter((text) => !/^[a-z0-9' ]+(, [a-z0-9' ]+)*$/.test(text));
      expect(unplain, language).toEqual([]);
    }
  });
});
