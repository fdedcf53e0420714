import type { Language } from './messages.ts';

/**
 * What the server build of the web app gives the server (apps/web/src/server-render.tsx, ADR 0029):
 * a page drawn as HTML, with what goes into the page's head and the answers it was drawn from.
 */
export interface DrawnPage {
  /** The page's markup, for the web app's root element. */
  html: string;
  /** The answers it was drawn from, for the web app's query cache (TanStack Query's dehydrated state). */
  answers: unknown;
  title?: string;
  description?: string;
}

/** Whom and where a page is drawn for: its address, its reader's language and the portal's origin as they reached it. */
export interface DrawnFor {
  /** The page's path, decoded as the router reads it. */
  path: string;
  /** The query string as in the address ('?...' or ''). */
  search: string;
  language: Language;
  /** The scheme, host and port the visitor reached the portal at, for addresses the page shows. */
  origin: string;
}
