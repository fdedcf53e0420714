import { useEffect, useRef } from 'react';
import { useLocation } from '../routing';

/**
 * Opens every new page scrolled to its top, as a fresh page load would. The first page is left
 * where the browser put it: a page the server drew may already have been scrolled when its script
 * takes it over, and a reload keeps its place.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const firstPage = useRef<string | undefined>(pathname);
  useEffect(() => {
    if (pathname === firstPage.current) return;
    firstPage.current = undefined;
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
