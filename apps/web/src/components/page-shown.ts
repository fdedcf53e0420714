import { useEffect } from 'react';

let markShown: () => void = () => undefined;

/**
 * Settles once the first page's content is in place with its listeners. The take-over of a drawn
 * page waits for it before giving back what the visitor did meanwhile (take-over.ts).
 */
export const firstPageShown = new Promise<void>((resolve) => (markShown = resolve));

/**
 * Tells that the page's content is in place, from the part of a page drawn last: `PageLayout`,
 * whose effect runs after those of the page inside it, or a source's timeseries or map panel,
 * which comes lazily inside its layout (its layout's effect runs before the panel is there).
 */
export function usePageShown(): void {
  useEffect(() => markShown(), []);
}
