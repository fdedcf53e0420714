import type { ComponentProps } from 'react';
import * as router from 'react-router';

// The pages' routing is React Router's; this module names the parts the pages use, and sets the
// portal's default for links.
export { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
export type { NavigateFunction, NavigateOptions } from 'react-router';

/**
 * The page's search parameters as the visitor last set them: while React Router is still applying a
 * change of this page's address (its loaders run first), those of the address it is going to. A
 * second change made meanwhile (a box cleared, then a sort chosen) builds on the first instead of
 * undoing it, and a box typed into shows its text at once.
 */
export function useLatestSearchParams(): [URLSearchParams, router.SetURLSearchParams] {
  const [params, setParams] = router.useSearchParams();
  const { pathname } = router.useLocation();
  const going = router.useNavigation().location;
  return [going?.pathname === pathname ? new URLSearchParams(going.search) : params, setParams];
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
