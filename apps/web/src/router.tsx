import { createBrowserRouter, Outlet } from 'react-router';
import { ScrollToTop } from './components/scroll-to-top';
import About from './routes/about';
import Account from './routes/account';
import FilterOverview from './routes/filter-overview';
import Filters from './routes/filters';
import ForgotPassword from './routes/forgot-password';
import Home from './routes/home';
import Login from './routes/login';
import NotFound from './routes/not-found';
import Partners from './routes/partners';
import ResetPassword from './routes/reset-password';
import SectorLanding from './routes/sector-landing';
import Sectors from './routes/sectors';
import Signup from './routes/signup';
import SourcePage from './routes/source-page';
import Verify from './routes/verify';

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
      { path: '/login', element: <Login /> },
      { path: '/signup', element: <Signup /> },
      { path: '/verify/:id', element: <Verify /> },
      { path: '/forgot-password', element: <ForgotPassword /> },
      { path: '/reset/:id', element: <ResetPassword /> },
      { path: '/account', element: <Account /> },
      { path: '/404', element: <NotFound /> },
      { path: '*', element: <NotFound /> },
    ],
  },
]);
