/**
 * The portal's pages: the one list from which the web app's routes (apps/web/src/routes.ts), the
 * sitemap's and robots' lists, the script budgets, the e2e screens and the page bench all derive.
 * A new page is added here and nowhere else.
 */
export interface PageRoute {
  /** The route's id, also its name in tests and bench output. */
  id: string;
  /** React Router's pattern: '/' for the landing page, '*' for every address no other route matches. */
  path: string;
  /** Its module, under apps/web/src/routes/. */
  file: string;
  /** An address of this route on the shipped data. */
  sample: string;
  /** More addresses of the same route that render differently (a source's three representations), with the text each shows. */
  also?: { sample: string; shows: string }[];
  /** Text of the page's first data in the HTML the server sends (a title from the catalogue, a figure); a page without data, its heading. */
  shows: string;
  /** Listed in the sitemap and open to crawlers (search results and the account pages are not). */
  crawl: boolean;
  /** The most JavaScript (kB, brotli) the page may load before its first use: React, the entry and its route chunks. */
  scriptBudgetKb: number;
}

const LANDING_KB = 150;
const PAGE_KB = 200;
const MAP_KB = 250;
/** An embed loads no script at all (ADR 0043): it reads whole as the server sends it. */
const EMBED_KB = 0;

/** A token of the right shape for the e-mail link pages; the page renders the same for any. */
const SAMPLE_TOKEN = 'a'.repeat(43);

export const PAGE_ROUTES: readonly PageRoute[] = [
  {
    id: 'home',
    path: '/',
    file: 'home.tsx',
    sample: '/',
    shows: 'Access to electricity',
    crawl: true,
    scriptBudgetKb: LANDING_KB,
  },
  {
    id: 'sectors',
    path: '/sectors',
    file: 'sectors.tsx',
    sample: '/sectors',
    shows: 'Agricultural / Land',
    crawl: true,
    scriptBudgetKb: PAGE_KB,
  },
  {
    id: 'sector',
    path: '/sectors/:sector',
    file: 'sector-landing.tsx',
    sample: '/sectors/energy',
    shows: 'share of households lit mainly by mains electricity',
    crawl: true,
    scriptBudgetKb: PAGE_KB,
  },
  {
    id: 'sector-source',
    path: '/sectors/:sector/*',
    file: 'source-page.tsx',
    // A shared selection, so the page's first use (Preview) has rows to show.
    sample:
      '/sectors/energy/access/timeseries?start=2019-01-01&end=2019-12-31&variable=Electricity+access&location=Nairobi',
    also: [
      { sample: '/sectors/agriculture/land/raster', shows: 'Land Cover 2019' },
      { sample: '/sectors/water/ecosystems/external', shows: 'Water Sector - Ecosystem' },
      { sample: '/sectors/energy/infrastructure/raster/Power_Stations', shows: 'Transmission Network' },
    ],
    shows: 'Energy Sector - Access',
    crawl: true,
    scriptBudgetKb: MAP_KB,
  },
  {
    id: 'filters',
    path: '/filters',
    file: 'filters.tsx',
    sample: '/filters',
    shows: 'Timeseries',
    crawl: true,
    scriptBudgetKb: PAGE_KB,
  },
  {
    id: 'filter-overview',
    path: '/filters/:type/overview',
    file: 'filter-overview.tsx',
    sample: '/filters/timeseries/overview',
    shows: 'share of households lit mainly by mains electricity',
    crawl: true,
    scriptBudgetKb: PAGE_KB,
  },
  {
    id: 'filter-source',
    path: '/filters/:type/*',
    file: 'source-page.tsx',
    sample:
      '/filters/timeseries/energy/access?start=2019-01-01&end=2019-12-31&variable=Electricity+access&location=Nairobi',
    also: [{ sample: '/filters/raster/Power_Stations', shows: 'Power Plants Under Development' }],
    shows: 'Energy Sector - Access',
    crawl: true,
    scriptBudgetKb: MAP_KB,
  },
  {
    id: 'search',
    path: '/search',
    file: 'search.tsx',
    sample: '/search?q=masinga',
    shows: 'Masinga Dam',
    crawl: false,
    scriptBudgetKb: PAGE_KB,
  },
  {
    id: 'datasets',
    path: '/datasets',
    file: 'datasets.tsx',
    sample: '/datasets',
    shows: 'World Development Indicators: Kenya',
    crawl: true,
    scriptBudgetKb: PAGE_KB,
  },
  {
    id: 'dataset',
    path: '/datasets/:id',
    file: 'dataset.tsx',
    sample: '/datasets/wdi-kenya',
    shows: 'World Development Indicators: Kenya',
    crawl: true,
    scriptBudgetKb: PAGE_KB,
  },
  {
    id: 'counties',
    path: '/counties',
    file: 'counties.tsx',
    sample: '/counties',
    shows: 'Homa Bay',
    crawl: true,
    scriptBudgetKb: PAGE_KB,
  },
  {
    id: 'county-compare',
    path: '/counties/compare',
    file: 'county-compare.tsx',
    sample: '/counties/compare?c=kwale&c=lamu',
    shows: 'Lamu',
    crawl: true,
    scriptBudgetKb: PAGE_KB,
  },
  {
    id: 'county',
    path: '/counties/:slug',
    file: 'county.tsx',
    sample: '/counties/homa-bay',
    shows: 'Homa Bay County',
    crawl: true,
    scriptBudgetKb: PAGE_KB,
  },
  {
    id: 'county-map',
    path: '/maps/counties',
    file: 'county-choropleth.tsx',
    // A monthly figure, whose slider the page's first use moves.
    sample: '/maps/counties?source=agriculture%2Fland&variable=Vegetation+index+%28NDVI%29',
    shows: 'Nairobi',
    crawl: true,
    scriptBudgetKb: MAP_KB,
  },
  {
    id: 'embed-timeseries',
    path: '/embed/timeseries',
    file: 'embed-timeseries.tsx',
    sample:
      '/embed/timeseries?source=energy%2Faccess&start=2019-01-01&end=2019-12-31&variable=Electricity+access&location=Nairobi&location=Mombasa',
    shows: 'Electricity access: Nairobi, Mombasa',
    crawl: false,
    scriptBudgetKb: EMBED_KB,
  },
  {
    id: 'embed-county-map',
    path: '/embed/maps/counties',
    file: 'embed-county-map.tsx',
    sample: '/embed/maps/counties?source=agriculture%2Fland&variable=Vegetation+index+%28NDVI%29',
    shows: 'Vegetation index (NDVI)',
    crawl: false,
    scriptBudgetKb: EMBED_KB,
  },
  {
    id: 'embed-county',
    path: '/embed/counties/:slug',
    file: 'embed-county.tsx',
    sample: '/embed/counties/homa-bay',
    shows: 'Homa Bay County: headline figures',
    crawl: false,
    scriptBudgetKb: EMBED_KB,
  },
  {
    id: 'about',
    path: '/about',
    file: 'about.tsx',
    sample: '/about',
    shows: 'ABOUT US',
    crawl: true,
    scriptBudgetKb: PAGE_KB,
  },
  {
    id: 'partners',
    path: '/partners',
    file: 'partners.tsx',
    sample: '/partners',
    shows: 'Kenya National Bureau of Statistics',
    crawl: true,
    scriptBudgetKb: PAGE_KB,
  },
  {
    id: 'login',
    path: '/login',
    file: 'login.tsx',
    sample: '/login',
    shows: 'Login',
    crawl: false,
    scriptBudgetKb: PAGE_KB,
  },
  {
    id: 'signup',
    path: '/signup',
    file: 'signup.tsx',
    sample: '/signup',
    shows: 'Sign up',
    crawl: false,
    scriptBudgetKb: PAGE_KB,
  },
  {
    id: 'verify',
    path: '/verify/:id',
    file: 'verify.tsx',
    sample: `/verify/${SAMPLE_TOKEN}`,
    shows: 'Verify your e-mail',
    crawl: false,
    scriptBudgetKb: PAGE_KB,
  },
  {
    id: 'forgot-password',
    path: '/forgot-password',
    file: 'forgot-password.tsx',
    sample: '/forgot-password',
    shows: 'Forgot password',
    crawl: false,
    scriptBudgetKb: PAGE_KB,
  },
  {
    id: 'reset-password',
    path: '/reset/:id',
    file: 'reset-password.tsx',
    sample: `/reset/${SAMPLE_TOKEN}`,
    shows: 'Reset password',
    crawl: false,
    scriptBudgetKb: PAGE_KB,
  },
  {
    id: 'account',
    path: '/account',
    file: 'account.tsx',
    sample: '/account',
    shows: 'My account',
    crawl: false,
    scriptBudgetKb: PAGE_KB,
  },
  {
    id: 'unsubscribe',
    path: '/unsubscribe/:token',
    file: 'unsubscribe.tsx',
    sample: `/unsubscribe/${SAMPLE_TOKEN}`,
    shows: 'Stop e-mails',
    crawl: false,
    scriptBudgetKb: PAGE_KB,
  },
  {
    id: 'not-found',
    path: '*',
    file: 'not-found.tsx',
    sample: '/no/such/page',
    shows: 'Page not found',
    crawl: false,
    scriptBudgetKb: PAGE_KB,
  },
];

const hasParameters = (route: PageRoute) => route.path.includes(':') || route.path.includes('*');

/** The public pages whose address is the same for every catalogue; the sitemap adds those the catalogue names. */
export const FIXED_PUBLIC_PAGES = PAGE_ROUTES.filter((route) => route.crawl && !hasParameters(route)).map(
  (route) => route.path,
);

/** Address prefixes closed to crawlers: each route not crawled, up to its first parameter. */
export const PRIVATE_PAGE_PREFIXES = PAGE_ROUTES.filter((route) => !route.crawl && route.path !== '*').map(
  (route) => route.path.split(':')[0],
);
