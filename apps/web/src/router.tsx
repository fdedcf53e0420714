import { createBrowserRouter, Outlet } from 'react-router';
import { PAGES } from '@portal/contract/paths';
import { AppNotices } from './components/app-notices';
import { PageError, RootError } from './components/error-pages';
import { ScrollToTop } from './components/scroll-to-top';
import Home from './routes/home';
import NotFound from './routes/not-found';
import { Loading } from './components/status';

function Root() {
  return (
    <>
      <ScrollToTop />
      <Outlet />
      <AppNotices />
    </>
  );
}

// Each screen is its own chunk, so a visitor on a slow connection loads only the page at hand.
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });

/** Every route of the portal; anything not listed shows the not-found page. */
export const router = createBrowserRouter([
  {
    element: <Root />,
    // Shown while the first screen's chunk loads.
    hydrateFallbackElement: <Loading />,
    // The last resort, for an error the page's own boundary cannot show (its top bar or footer failed).
    ErrorBoundary: RootError,
    children: [
      {
        // A page that fails, or whose chunk fails to load, is replaced by an error page in the same chrome.
        ErrorBoundary: PageError,
        children: [
          { path: '/', element: <Home /> },
          { path: '/sectors', lazy: page(() => import('./routes/sectors')) },
          { path: '/sectors/:sector', lazy: page(() => import('./routes/sector-landing')) },
          { path: '/sectors/:sector/*', lazy: async () => ({ Component: (await import('./routes/source-page')).SectorSourcePage }) },
          { path: '/filters', lazy: page(() => import('./routes/filters')) },
          { path: '/filters/:type/overview', lazy: page(() => import('./routes/filter-overview')) },
          { path: '/filters/:type/*', lazy: async () => ({ Component: (await import('./routes/source-page')).FilterSourcePage }) },
          { path: '/search', lazy: page(() => import('./routes/search')) },
          { path: '/datasets', lazy: page(() => import('./routes/datasets')) },
          { path: '/datasets/:id', lazy: page(() => import('./routes/dataset')) },
          { path: '/counties', lazy: page(() => import('./routes/counties')) },
          { path: '/counties/compare', lazy: page(() => import('./routes/county-compare')) },
          { path: '/counties/:slug', lazy: page(() => import('./routes/county')) },
          { path: PAGES.countyMap, lazy: page(() => import('./routes/county-choropleth')) },
          { path: '/about', lazy: page(() => import('./routes/about')) },
          { path: '/partners', lazy: page(() => import('./routes/partners')) },
          { path: '/login', lazy: page(() => import('./routes/login')) },
          { path: '/signup', lazy: page(() => import('./routes/signup')) },
          { path: '/verify/:id', lazy: page(() => import('./routes/verify')) },
          { path: '/forgot-password', lazy: page(() => import('./routes/forgot-password')) },
          { path: '/reset/:id', lazy: page(() => import('./routes/reset-password')) },
          { path: '/account', lazy: page(() => import('./routes/account')) },
          { path: '/404', element: <NotFound /> },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
]);
