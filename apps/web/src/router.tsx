import { createBrowserRouter, Outlet } from 'react-router';
import { ScrollToTop } from './components/scroll-to-top';
import About from './routes/about';
import FilterOverview from './routes/filter-overview';
import Filters from './routes/filters';
import Home from './routes/home';
import NotFound from './routes/not-found';
import Partners from './routes/partners';
import SectorLanding from './routes/sector-landing';
import Sectors from './routes/sectors';
import SourcePage from './routes/source-page';

function Root() {
  return (
    <>
      <ScrollToTop />
      <Outlet />
    </>
  );
}

/** Every route of the portal; anything not listed shows the not-found page. */
export const router = createBrowserRouter([
  {
    element: <Root />,
    children: [
      { path: '/', element: <Home /> },
      { path: '/sectors', element: <Sectors /> },
      { path: '/sectors/:sector', element: <SectorLanding /> },
      { path: '/sectors/:sector/*', element: <SourcePage mode="sectors" /> },
      { path: '/filters', element: <Filters /> },
      { path: '/filters/:type/overview', element: <FilterOverview /> },
      { path: '/filters/:type/*', element: <SourcePage mode="filters" /> },
      { path: '/about', element: <About /> },
      { path: '/partners', element: <Partners /> },
      { path: '/404', element: <NotFound /> },
      { path: '*', element: <NotFound /> },
    ],
  },
]);
