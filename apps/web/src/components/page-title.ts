import { useEffect } from 'react';

/** Sets the document title while the calling page is shown. */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
