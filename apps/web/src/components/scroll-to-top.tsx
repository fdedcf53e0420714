import { useEffect } from 'react';
import { useLocation } from '../routing';

/** Opens every new page scrolled to its top, as a fresh page load would. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
