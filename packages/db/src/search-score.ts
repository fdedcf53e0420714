/**
 * How well an entry of the search index fits a query (ADR 0015). The databases find the
 * candidates by trigrams; this ranks them the same way on SQLite and PostgreSQL. Pure functions.
 */

/** Lower case, accents dropped, anything but letters and digits a space: how terms and queries are compared. */
export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export const wordsOf = (text: string): string[] => normalize(text).split(' ').filter(Boolean);

/** Trigram sets of words seen lately: the index has a few thousand words, compared again and again. */
const trigramCache = new Map<string, Set<string>>();

/** A word's trigrams as pg_trgm pads them: two spaces before, one after. */
function trigrams(word: string): Set<string> {
  let grams = trigramCache.get(word);
  if (grams) return grams;
  const padded = `  ${word} `;
  grams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3));
  // Queries bring new words without end; starting over now and then bounds the memory.
  if (trigramCache.size > 50_000) trigramCache.clear();
  trigramCache.set(word, grams);
  return grams;
}

/** Shared trigrams over all trigrams of the two words (pg_trgm's `similarity`). */
export function similarity(a: string, b: string): number {
  const [ga, gb] = [trigrams(a), trigrams(b)];
  let shared = 0;
  for (const g of ga) if (gb.has(g)) shared++;
  return shared / (ga.size + gb.size - shared);
}

/** A query word counts as found in an entry from this fit on. */
export const MATCHED = 0.45;

/**
 * How well one query word fits one entry word: 1 when equal, nearly 1 when it starts the word
 * ("rainfal" of "rainfall"), else the trigram similarity with the word or with its start of the
 * same length, so a typo in a word being typed still finds it ("rainfsl").
 */
export function wordFit(query: string, word: string): number {
  if (query === word) return 1;
  if (word.startsWith(query)) return query.length === 1 ? 0.6 : 0.95 - 0.1 / query.length;
  if (query.length < 3) return 0;
  const start = word.slice(0, query.length);
  return Math.max(similarity(query, word), 0.9 * similarity(query, start));
}

/** The best fit of a query word among an entry's words. */
export const tokenFit = (query: string, words: readonly string[]): number =>
  words.reduce((best, word) => Math.max(best, wordFit(query, word)), 0);

export interface Fit {
  /** Mean fit of the query words (unmatched ones count 0). */
  score: number;
  /** Query words found, by position. */
  matched: boolean[];
}

/** What a query names, for how much of a title it covers. */
export interface Named {
  /** Every word as typed, those not looked up included ("to", "2010"). */
  typed: readonly string[];
  /** The English words of the terms the query names in another language ("umeme": "electricity"). */
  translated: readonly string[];
}

/**
 * The fit of query words to an entry: the mean fit of the words, plus a little for the share of
 * the title the query names, in its words or another language's (a query names "Rainfall" rather
 * than "Rainfall anomaly"), and for an exact title ("access to electricity", its "to" not looked up).
 */
export function fitOf(
  tokens: readonly string[],
  terms: readonly string[],
  title: readonly string[],
  named: Named = { typed: tokens, translated: [] },
): Fit {
  const fits = tokens.map((t) => tokenFit(t, terms));
  const matched = fits.map((f) => f >= MATCHED);
  const mean = fits.reduce((sum, f, i) => sum + (matched[i] ? f : 0), 0) / tokens.length;
  const naming = [...named.typed, ...named.translated];
  const covered = title.filter((w) => naming.some((t) => wordFit(t, w) >= MATCHED)).length / Math.max(1, title.length);
  const exact = title.join(' ') === named.typed.join(' ') ? 0.2 : 0;
  return { score: mean + 0.15 * covered + exact, matched };
}
