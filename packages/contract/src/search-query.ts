import { z } from 'zod/mini';
import { key } from './messages.ts';
import { SEARCH_LIMIT_MAX, SEARCH_QUERY_MAX, SEARCH_WORDS_MAX, SearchKindSchema } from './search.ts';
import { searchWords } from './search-words.ts';

/** Query of GET /api/v1/search. */
export const SearchQuerySchema = z.object({
  q: z.string({ error: key('search.queryEmpty') }).check(
    z.trim(),
    z.minLength(1, key('search.queryEmpty')),
    z.maxLength(SEARCH_QUERY_MAX, key('search.queryTooLong')),
    z.refine((q) => searchWords(q).words.length <= SEARCH_WORDS_MAX, { message: key('search.tooManyWords') }),
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
