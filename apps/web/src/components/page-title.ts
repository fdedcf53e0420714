import { useEffect } from 'react';

/** The description index.html ships with, read before any page changes it. */
let defaultDescription: string | undefined;

/** The title and description of the page the server last drew (server-render.tsx writes them into its head). */
export const drawnHead: { title?: string; description?: string } = {};

/**
 * Sets the document title and the page's description (what search results and link previews
 * show) while the calling page is shown; a page without a description of its own gets the site's.
 */
export function usePageTitle(title: string | undefined, description?: string): void {
  if (import.meta.env.SSR) Object.assign(drawnHead, { title, description });
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
  useEffect(() => {
    const tag = document.querySelector('meta[name="description"]');
    defaultDescription ??= tag?.getAttribute('content') ?? '';
    tag?.setAttribute('content', description || defaultDescription);
  }, [description]);
}
