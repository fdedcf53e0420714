import { z } from 'zod/mini';
import { key } from './messages.ts';

/** What the search box finds, as the `kind` of a result and the `kind` filter. */
export const SEARCH_KINDS = ['sector', 'source', 'variable', 'layer', 'dataset', 'place', 'feature'] as const;
export const SearchKindSchema = z.enum(SEARCH_KINDS, { error: key('search.badKind') });
export type SearchKind = z.infer<typeof SearchKindSchema>;

/** The longest query taken: longer texts are not something typed into a search box. */
export const SEARCH_QUERY_MAX = 100;
/**
 * The most words a query may look up: each is one look-up in the index, so this bounds what one
 * search costs (ADR 0033). Years and common words are not looked up, so they do not count (ADR 0038).
 */
export const SEARCH_WORDS_MAX = 10;
export const SEARCH_LIMIT_MAX = 50;
// The query's schema is search-query.ts: it reads words with the search glossary, which pages need not load.

export const SearchResultSchema = z.object({
  kind: SearchKindSchema,
  title: z.string(),
  /** What tells it apart: a variable's unit and source, a place's kind, a feature's layer. */
  subtitle: z.string(),
  /**
   * The page it opens, filled in: a variable's timeseries page with it ticked over its full date
   * range (and the place, when the query named one); a layer's map page; a map feature's map page
   * with `lat`, `lon` and `zoom` to centre on it.
   */
  url: z.string(),
  /** How well it fits the query; higher is better, comparable within one answer only. */
  score: z.number(),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

/** Results grouped by kind, the kind of the best result first, by score within a kind. */
export const SearchResponseSchema = z.object({ results: z.array(SearchResultSchema) });
export type SearchResponse = z.infer<typeof SearchResponseSchema>;
