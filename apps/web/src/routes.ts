import { index, route, type RouteConfig } from '@react-router/dev/routes';
import { PAGE_ROUTES } from '@portal/contract/pages';

// The portal's routes, from its one list of pages.
export default PAGE_ROUTES.map((page) =>
  page.path === '/'
    ? index(`routes/${page.file}`, { id: page.id })
    : route(page.path.replace(/^\//, ''), `routes/${page.file}`, { id: page.id }),
) satisfies RouteConfig;
