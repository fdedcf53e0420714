import { useEffect } from 'react';

const descriptionTag = () => document.querySelector('meta[name="description"]');

/** The description index.html ships with, for pages that have none of their own. */
const defaultDescription = descriptionTag()?.getAttribute('content') ?? '';

/**
 * Sets the document title and the page's description (what search results and link previews
 * show) while the calling page is shown; a page without a description of its own gets the site's.
 */
export function usePageTitle(title: string | undefined, description?: string): void {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
  useEffect(() => {
    descriptionTag()?.setAttribute('content', description || defaultDescription);
  }, [description]);
}
