import { lazy, type ReactNode, Suspense } from 'react';
import { PAGES } from '@portal/contract/paths';
import { ErrorBoundary } from './components/error-boundary';
import { PageError, RootError } from './components/error-pages';
import { ScrollToTop } from './components/scroll-to-top';
import { Loading } from './components/status';
import Home from './routes/home';
import NotFound from './routes/not-found';
import { Route, Router, Switch, useIndexedLocation } from './routing';

// Each screen is its own chunk, so a visitor on a slow connection loads only the page at hand.
const Sectors = lazy(() => import('./routes/sectors'));
const SectorLanding = lazy(() => import('./routes/sector-landing'));
const SectorSourcePage = lazy(() =>
  import('./routes/source-page').then((module) => ({ default: module.SectorSourcePage })),
);
const Filters = lazy(() => import('./routes/filters'));
const FilterOverview = lazy(() => import('./routes/filter-overview'));
const FilterSourcePage = lazy(() =>
  import('./routes/source-page').then((module) => ({ default: module.FilterSourcePage })),
);
const Search = lazy(() => import('./routes/search'));
const Datasets = lazy(() => import('./routes/datasets'));
const Dataset = lazy(() => import('./routes/dataset'));
const Counties = lazy(() => import('./routes/counties'));
const CountyCompare = lazy(() => import('./routes/county-compare'));
const County = lazy(() => import('./routes/county'));
const CountyChoropleth = lazy(() => import('./routes/county-choropleth'));
const About = lazy(() => import('./routes/about'));
const Partners = lazy(() => import('./routes/partners'));
const Login = lazy(() => import('./routes/login'));
const Signup = lazy(() => import('./routes/signup'));
const Verify = lazy(() => import('./routes/verify'));
const ForgotPassword = lazy(() => import('./routes/forgot-password'));
const ResetPassword = lazy(() => import('./routes/reset-password'));
const Account = lazy(() => import('./routes/account'));

/** Every route of the portal, the first that matches wins; anything not listed shows the not-found page. */
function Pages() {
  return (
    <Switch>
      <Route path="/" component={Home} />
      <Route path="/sectors" component={Sectors} />
      <Route path="/sectors/:sector" component={SectorLanding} />
      <Route path="/sectors/:sector/*" component={SectorSourcePage} />
      <Route path="/filters" component={Filters} />
      <Route path="/filters/:type/overview" component={FilterOverview} />
      <Route path="/filters/:type/*" component={FilterSourcePage} />
      <Route path="/search" component={Search} />
      <Route path="/datasets" component={Datasets} />
      <Route path="/datasets/:id" component={Dataset} />
      <Route path="/counties" component={Counties} />
      <Route path="/counties/compare" component={CountyCompare} />
      <Route path="/counties/:slug" component={County} />
      <Route path={PAGES.countyMap} component={CountyChoropleth} />
      <Route path="/about" component={About} />
      <Route path="/partners" component={Partners} />
      <Route path="/login" component={Login} />
      <Route path="/signup" component={Signup} />
      <Route path="/verify/:id" component={Verify} />
      <Route path="/forgot-password" component={ForgotPassword} />
      <Route path="/reset/:id" component={ResetPassword} />
      <Route path="/account" component={Account} />
      <Route component={NotFound} />
    </Switch>
  );
}

/**
 * The portal: its routes inside two error boundaries, which a move to another path clears, and
 * `children` after them. The server draws it at `ssrPath` (server-render.tsx), and learns from
 * `ssrContext.redirectTo` that the page sends the visitor on.
 */
export function App({
  ssrPath,
  ssrContext,
  children,
}: {
  ssrPath?: string;
  ssrContext?: { redirectTo?: string };
  children?: ReactNode;
}) {
  return (
    <Router hook={useIndexedLocation} ssrPath={ssrPath} ssrContext={ssrContext}>
      {/* The last resort, for an error the page's own boundary cannot show (its top bar or footer failed). */}
      <ErrorBoundary fallback={(error) => <RootError error={error} />}>
        <ScrollToTop />
        {/* A page that fails, or whose chunk fails to load, is replaced by an error page in the same chrome. */}
        <ErrorBoundary fallback={(error) => <PageError error={error} />}>
          {/* Shown while a page's chunk loads. */}
          <Suspense fallback={<Loading />}>
            <Pages />
          </Suspense>
        </ErrorBoundary>
        {children}
      </ErrorBoundary>
    </Router>
  );
}
