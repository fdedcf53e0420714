import { describe, expect, it } from 'vitest';
import { isChunkLoadError, newErrorReference } from './route-errors';

describe('isChunkLoadError', () => {
  it("knows each browser's words for a module that could not be fetched", () => {
    for (const message of [
      'Failed to fetch dynamically imported module: http://localhost/assets/about-DkXyx-MZ.js',
      'error loading dynamically imported module: http://localhost/assets/about-DkXyx-MZ.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/source-page-Wk3Ob2xl.css',
    ]) {
      expect(isChunkLoadError(new TypeError(message)), message).toBe(true);
    }
  });

  it('leaves every other error to the error page', () => {
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe(false);
    expect(isChunkLoadError(new Error('Failed to fetch'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});

describe('newErrorReference', () => {
  it('is eight hex digits, new each time', () => {
    const references = new Set(Array.from({ length: 50 }, newErrorReference));
    expect(references.size).toBe(50);
    for (const reference of references) expect(reference).toMatch(/^[0-9a-f]{8}$/);
  });
});
