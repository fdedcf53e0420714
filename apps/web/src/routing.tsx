import { type ComponentProps, useCallback, useEffect, useRef } from 'react';
import * as router from 'react-router';

// The pages' routing is React Router's; this module names the parts the pages use, and sets the
// portal's default for links.
export { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
export type { NavigateFunction, NavigateOptions } from 'react-router';

/** A change of the page's search parameters, made from the latest ones. */
export type SearchParamsChange = (latest: URLSearchParams) => URLSearchParams;

/**
 * The page's search parameters as the visitor last set them, and a setter that builds each change on
 * them. React Router applies a change of the address after its loaders have run, and the page renders
 * it later still: a second change made meanwhile (a box cleared, then a sort chosen) starts from the
 * address asked for by the first, kept here from the moment it was asked, instead of undoing it.
 * While a change is on its way the page shows the address it is going to, so a box typed into shows
 * its text at once.
 */
export function useLatestSearchParams(): [
  URLSearchParams,
  (change: SearchParamsChange, options?: router.NavigateOptions) => void,
] {
  const [params, setParams] = router.useSearchParams();
  const { pathname, search } = router.useLocation();
  const going = router.useNavigation().location;
  // The parameters last asked for, and the address they were asked from; forgotten once the address changes.
  const asked = useRef<{ from: string; params: URLSearchParams } | null>(null);
  useEffect(() => {
    asked.current = null;
  }, [pathname, search]);
  const change = useCallback(
    (make: SearchParamsChange, options?: router.NavigateOptions) => {
      const now = window.location.search;
      const latest = asked.current?.from === now ? asked.current.params : new URLSearchParams(now);
      const next = make(new URLSearchParams(latest));
      asked.current = { from: now, params: next };
      setParams(next, options);
    },
    [setParams],
  );
  return [going?.pathname === pathname ? new URLSearchParams(going.search) : params, change];
}

/** Whether this page was reached by a navigation inside the portal, so that going back stays in it. */
// React Router numbers the history entries it makes (`idx`); a page opened from outside is entry 0.
export const canGoBack = () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

/**
 * A link inside the portal. The next page's code and first answers start loading when a pointer
 * rests on the link or a key focuses it, so the click finds them on their way.
 */
export const Link = ({ prefetch = 'intent', ...props }: ComponentProps<typeof router.Link>) => (
  <router.Link prefetch={prefetch} {...props} />
);

/** A link marked active (class, and aria-current="page") on its own page and, unless `end` is given, on the pages below it. */
export const NavLink = ({ prefetch = 'intent', ...props }: ComponentProps<typeof router.NavLink>) => (
  <router.NavLink prefetch={prefetch} {...props} />
);
