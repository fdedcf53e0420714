// How search reads a query's words (ADR 0038): the words it looks up in the index, the years that
// set the dates of the pages its results open, and the glossary through which words of another
// language find data the publishers name in English. The query's schema, the search route and the
// index's writer (through the importer) use it.
import en from './messages/en/search-terms.json' with { type: 'json' };
import sw from './messages/sw/search-terms.json' with { type: 'json' };
import { DEFAULT_LANGUAGE, type Language } from './languages.ts';

/**
 * A language's search glossary, in the text catalogue beside its interface texts: the words a query
 * may carry that name nothing in the data (`ignored`), and for each term of the data the words that
 * name it in the language (`terms`, comma-separated; the English ones as the data writes them).
 */
export interface SearchGlossary {
  ignored: string;
  terms: Record<keyof typeof en.terms, string>;
}

export const SEARCH_GLOSSARIES: Record<Language, SearchGlossary> = { en, sw };

/**
 * A text's words as search counts them: runs of letters and digits, in lower case. The index also
 * drops accents when it compares them (`@portal/db/search-score`); the glossary's words have none.
 */
export const wordsOf = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter(Boolean);

/** A glossary text's names, each as its words joined by one space. */
const namesIn = (text: string) =>
  text
    .split(',')
    .map((name) => wordsOf(name).join(' '))
    .filter(Boolean);

const IGNORED = new Set(Object.values(SEARCH_GLOSSARIES).flatMap((glossary) => namesIn(glossary.ignored)));

/** Years a query may name: from the oldest records to the models' horizon and a little past it. */
const isYear = (word: string) => /^\d{4}$/.test(word) && Number(word) >= 1900 && Number(word) <= 2100;

/** Each term of the data: its names as the data writes them, and its names in the other languages. */
const TERMS = Object.keys(en.terms).map((term) => {
  const namesInLanguage = (language: Language) =>
    namesIn(SEARCH_GLOSSARIES[language].terms[term as keyof typeof en.terms]);
  return {
    english: namesInLanguage(DEFAULT_LANGUAGE),
    translated: Object.keys(SEARCH_GLOSSARIES)
      .filter((language) => language !== DEFAULT_LANGUAGE)
      .flatMap((language) => namesInLanguage(language as Language)),
  };
});

/** Whether one of `names` is among `words`, as whole words. */
const namedIn = (words: string[], names: string[]) => {
  const padded = ` ${words.join(' ')} `;
  return names.some((name) => padded.includes(` ${name} `));
};

export interface SearchWords {
  /** The words looked up in the index, each once: what a search costs (ADR 0033). */
  words: string[];
  /** Every word as typed, for how much of a title the query names. */
  typed: string[];
  /** The years named, which set the dates of the timeseries pages the results open. */
  years: number[];
  /** The English words of the terms the query names in another language, for the titles they name. */
  translated: string[];
}

/**
 * A query's words: a year or a common word ('by', 'in', 'ya') is not looked up, since the index
 * would answer it with whatever happens to carry it. A query of nothing else is looked up as typed:
 * "in" may be the start of "industry".
 */
export function searchWords(query: string): SearchWords {
  const typed = wordsOf(query);
  const distinct = [...new Set(typed)];
  const words = distinct.filter((word) => !isYear(word) && !IGNORED.has(word));
  const translated = TERMS.filter((term) => namedIn(typed, term.translated)).flatMap((term) =>
    term.english.flatMap(wordsOf),
  );
  return {
    words: words.length ? words : distinct,
    typed,
    years: typed.filter(isYear).map(Number),
    translated: [...new Set(translated)],
  };
}

/**
 * The names in other languages of the terms a text names, for the index to write beside an entry's
 * own words: "Rainfall, 1-month rolling" is found by "mvua" too.
 */
export const translatedTerms = (text: string): string[] => [
  ...new Set(TERMS.filter((term) => namedIn(wordsOf(text), term.english)).flatMap((term) => term.translated)),
];
