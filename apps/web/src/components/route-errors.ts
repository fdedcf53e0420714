// How each browser (and Vite's preloading of a chunk's styles) words a module that could not be fetched.
const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

/**
 * Whether an error is a page's code that failed to load: after a deploy the chunks of the version a
 * visitor opened are gone, and only a reload fetches the new ones.
 */
export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_FAILURE.test(error.message);
}

/**
 * A short random reference for an error that has no server request id, so a visitor can quote it
 * and the console line it is logged with can be found. getRandomValues, unlike randomUUID, works on
 * plain-HTTP pages too.
 */
export function newErrorReference(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(4)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
