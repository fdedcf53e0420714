import type { Language } from './messages.ts';

/** An API answer as a page's loader receives it on the server: its status and its parsed JSON body. */
export interface ApiAnswer {
  status: number;
  body: unknown;
}

/**
 * What the server hands the web app's loaders and its render for one page request (React Router's
 * load context): its own API, answered in the same process, and the request's language.
 */
// A type, not an interface: React Router's load context takes any object with string keys.
export type PageLoadContext = {
  /** GETs one of the portal's API paths for this visitor (counted against their address, without their session). */
  api: (path: string) => Promise<ApiAnswer>;
  language: Language;
  /** The portal's public address (PUBLIC_URL), for every absolute address a page shows. */
  publicUrl: string;
  /** The nonce the page's inline scripts carry under the Content Security Policy. */
  nonce: string;
};
