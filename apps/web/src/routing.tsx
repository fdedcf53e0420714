import { type ComponentProps, type ReactNode, useCallback } from 'react';
import * as wouter from 'wouter';
import { navigate as browserNavigate, useLocationProperty, usePathname, useSearch } from 'wouter/use-browser-location';
import { type HistoryEntry, historyEntry } from './history-entry';

// The pages' routing, on wouter (ADR 0028): the names and props the pages used with React Router,
// over wouter's hooks. Every navigation goes through `useIndexedLocation`, which <Routes> installs.

const entry = () => historyEntry() ?? {};

/** Whether this page was reached by a navigation inside the portal, so that going back stays in it. */
export const canGoBack = () => (entry().idx ?? 0) > 0;

export interface NavigateOptions {
  replace?: boolean;
  /** Handed to the next page (read with `useLocation().state`), for one-off messages after a redirect. */
  state?: unknown;
}

/** wouter's browser navigation, numbering the entries it makes (a replaced entry keeps its number). */
function navigateIndexed(to: string, { replace = false, state }: NavigateOptions = {}): void {
  const idx = (entry().idx ?? 0) + (replace ? 0 : 1);
  browserNavigate(to, { replace, state: { idx, usr: state } satisfies HistoryEntry });
}

/** The location hook handed to wouter's <Router>: the browser's path, and the numbering navigation. */
export const useIndexedLocation = (router: { ssrPath?: string }): [string, typeof navigateIndexed] => [
  usePathname(router),
  navigateIndexed,
];

export { Redirect, Route, Router, Switch, useParams, useSearchParams } from 'wouter';

/** `navigate(path, options)`, or `navigate(-1)` to step back in the browser's history. */
export type NavigateFunction = (to: string | number, options?: NavigateOptions) => void;

export function useNavigate(): NavigateFunction {
  const [, navigate] = wouter.useLocation();
  return useCallback(
    (to, options) => (typeof to === 'number' ? window.history.go(to) : navigate(to, options)),
    [navigate],
  );
}

/** The current entry's `history.state`: a new object at each navigation, even to the same address. */
// A page the server draws has none: the page takes it over with none, then shows what its entry
// holds. (wouter types the hook for primitives; an entry's object keeps its identity until the next
// navigation, which is all the hook compares.)
export const useHistoryEntry = () =>
  useLocationProperty(historyEntry as () => never, () => null) as HistoryEntry | null;

/** The path (decoded), the query string as in the address ('?...' or '') and the state the navigation here handed over. */
export function useLocation(): { pathname: string; search: string; state: unknown } {
  const [pathname] = wouter.useLocation();
  return { pathname, search: useSearch(wouter.useRouter()), state: useHistoryEntry()?.usr };
}

type LinkProps = Omit<ComponentProps<'a'>, 'href'> & NavigateOptions & { to: string; children?: ReactNode };

/**
 * A link inside the portal: a plain <a href>, which a click follows without reloading the page. A
 * link to the page already shown replaces its history entry, so Back does not show it twice.
 */
export function Link({ to, replace, ...props }: LinkProps) {
  const { pathname, search } = useLocation();
  return <wouter.Link to={to} replace={replace ?? to === pathname + search} {...(props as object)} />;
}

/** `<Navigate replace to="/404" />`: goes elsewhere as soon as it is drawn (again if `to` changes). */
export const Navigate = ({ to, replace }: { to: string; replace?: boolean }) => (
  <wouter.Redirect key={to} to={to} replace={replace} />
);

/**
 * A link marked `active` (class, and aria-current="page") on its own page and, unless `end` is
 * given, on every page below it: the top bar's 'Sectors' stays marked on a sector's pages.
 */
export function NavLink({ to, end = false, className, ...props }: LinkProps & { end?: boolean }) {
  const [path] = wouter.useLocation();
  const here = path.toLowerCase().replace(/\/$/, '') || '/';
  const target = to.toLowerCase().replace(/\/$/, '') || '/';
  const active = here === target || (!end && target !== '/' && here.startsWith(`${target}/`));
  return (
    <Link
      to={to}
      className={[className, active && 'active'].filter(Boolean).join(' ') || undefined}
      aria-current={active ? 'page' : undefined}
      {...props}
    />
  );
}
