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
