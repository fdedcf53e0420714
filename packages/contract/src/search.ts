import { z } from 'zod/mini';
import { key } from './messages.ts';

/** What the search box finds, as the `kind` of a result and the `kind` filter. */
export const SEARCH_KINDS = ['sector', 'source', 'variable', 'layer', 'dataset', 'place', 'feature'] as const;
export const SearchKindSchema = z.enum(SEARCH_KINDS, { error: key('search.badKind') });
export type SearchKind = z.infer<typeof SearchKindSchema>;

/** The longest query taken: longer texts are not something typed into a search box. */
export const SEARCH_QUERY_MAX = 100;
export const SEARCH_LIMIT_MAX = 50;

/** Query of GET /api/v1/search. */
export const SearchQuerySchema = z.object({
  q: z
    .string({ error: key('search.queryEmpty') })
    .check(
      z.trim(),
      z.minLength(1, key('search.queryEmpty')),
      z.maxLength(SEARCH_QUERY_MAX, key('search.queryTooLong')),
    ),
  kind: z.optional(SearchKindSchema),
  limit: z._default(
    z.coerce
      .number({ error: key('search.limit') })
      .check(z.int(key('search.limit')), z.gte(1, key('search.limit')), z.lte(SEARCH_LIMIT_MAX, key('search.limit'))),
    20,
  ),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

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
