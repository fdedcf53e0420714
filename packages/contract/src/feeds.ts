import { z } from 'zod/mini';
import { ATOM_TYPE } from './media-types.ts';

/**
 * A feed's answer: an Atom document, not JSON. The `content` metadata tells the API reference its
 * media type; the server sends the text as it is.
 */
export const AtomFeedSchema = z.string().register(z.globalRegistry, {
  description: 'An Atom feed (RFC 4287), newest entry first',
  content: { [ATOM_TYPE]: { schema: { type: 'string', description: 'An Atom feed (RFC 4287)' } } },
});
