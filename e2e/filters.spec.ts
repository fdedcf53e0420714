import {
  allSourcesSorted,
  DATA_TYPES,
  layerParam,
  layers,
  layersOf,
  menuLabel,
  source,
  TYPE_HEADINGS,
} from './fixtures/catalog.ts';
import { expect, test } from './fixtures/portal.ts';

const TILES = [
  { title: 'Show data on map', href: '/filters/raster/overview' },
  { title: 'Timeseries Data', href: '/filters/timeseries/overview' },
  { title: 'External Data', href: '/filters/external/overview' },
];

test('/filters: three tiles; each overview lists every source sorted by title, those left out of their sector list too; its first Data Page button opens the filter source page', async ({
  page,
  sourcePage,
}) => {
  const expected = allSourcesSorted();
  await page.goto('/filters');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Filter By Data Type');
  const tiles = main.getByRole('link');
  await expect(tiles).toHaveCount(TILES.length);
  for (const [i, tile] of TILES.entries()) {
    await expect(tiles.nth(i).getByRole('heading')).toHaveText(tile.title);
    await expect(tiles.nth(i)).toHaveAttribute('href', tile.href);
  }
  await tiles.nth(0).click();
  await expect(page).toHaveURL('/filters/raster/overview');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Raster Data');

  const hidden = expected.filter((s) => s.inSectorList === false);
  expect(hidden.length).toBeGreaterThan(0);
  const target = expected[0];
  for (const type of DATA_TYPES) {
    await page.goto(`/filters/${type}/overview`);
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(TYPE_HEADINGS[type]);
    const items = main.locator('.source-list-item');
    await expect(items.getByRole('heading')).toHaveText(expected.map((s) => `${s.title} (${s.sectorTitle})`));
    const hrefs = await items
      .getByRole('link', { name: /Data Page/ })
      .evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')]));
    expect(hrefs).toEqual(expected.map((s) => ['Data Page', `/filters/${type}/${s.sector}/${s.slug}`]));
    for (const [i, s] of expected.entries()) {
      await expect(items.nth(i).getByText(s.description, { exact: true })).toBeVisible();
    }
    for (const s of hidden) {
      await expect(page.getByRole('heading', { name: `${s.title} (${s.sectorTitle})`, exact: true })).toBeVisible();
    }
    await items
      .first()
      .getByRole('link', { name: /Data Page/ })
      .click();
    await expect(page).toHaveURL(`/filters/${type}/${target.sector}/${target.slug}`);
    await expect(sourcePage.heading).toHaveText(`${target.sectorTitle} Sector - ${target.title}`);
    await expect(sourcePage.menu.backToFilters).toHaveAttribute('href', '/filters');
    await expect(sourcePage.menu.back).toHaveAttribute('href', `/filters/${type}/overview`);
    await expect(sourcePage.menu.backToSectors).toHaveCount(0);
  }
});

test.describe('filter overviews', () => {
  const expected = allSourcesSorted();

  test('opening a source from far down the list shows the new page from its top', async ({ page, sourcePage }) => {
    const index = expected.length - 4;
    const target = expected[index];
    // Visit the target first so that, later, its data comes from the cache and the page renders at full
    // height at once: a loading state would be short enough to bring the scroll to 0 by itself.
    await page.goto(`/filters/timeseries/${target.sector}/${target.slug}`);
    await expect(sourcePage.heading).toHaveText(`${target.sectorTitle} Sector - ${target.title}`);
    await expect(page.getByText('Loading...', { exact: true })).toHaveCount(0);
    await sourcePage.menu.back.click();
    await expect(page).toHaveURL('/filters/timeseries/overview');
    const items = page.locator('.source-list-item');
    await expect(items).toHaveCount(expected.length);
    const button = items.nth(index).getByRole('link', { name: /Data Page/ });
    await button.scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await button.click();
    await expect(page).toHaveURL(`/filters/timeseries/${target.sector}/${target.slug}`);
    await expect(sourcePage.heading).toHaveText(`${target.sectorTitle} Sector - ${target.title}`);
    await expect(page.getByRole('table')).toBeVisible();
    // The new page is taller than the window, so only a reset (not the browser clamping) brings it to 0.
    const { scrollHeight, innerHeight } = await page.evaluate(() => ({
      scrollHeight: document.documentElement.scrollHeight,
      innerHeight: window.innerHeight,
    }));
    expect(scrollHeight).toBeGreaterThan(innerHeight + 200);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test("filter source pages: back links, each type's data view and layer list, a layer page with its link active; a layer link opens that layer", async ({
  page,
  sourcePage,
}) => {
  const { menu } = sourcePage;
  const carbon = source('agriculture', 'carbon');
  await page.goto('/filters/raster/agriculture/carbon');
  await expect(sourcePage.heading).toHaveText(`${carbon.sector.title} Sector - ${carbon.title}`);
  await expect(menu.backToFilters).toHaveAttribute('href', '/filters');
  await expect(menu.back).toHaveAttribute('href', '/filters/raster/overview');
  await expect(menu.sectorLabel).toHaveText(`${carbon.sector.title} Sector`);
  await expect(menu.dataViewHeading).toHaveText('Raster Data view');
  await menu.expectLayers(layersOf('agriculture', 'carbon'), '/filters/raster');
  await expect(
    page.getByText(`Raster Data for ${carbon.sector.title} sector on ${carbon.title} can be found here.`),
  ).toBeVisible();
  const [first] = layersOf('agriculture', 'carbon');
  await menu.layerLink(first).click();
  await expect(page).toHaveURL(`/filters/raster/${layerParam(first.name)}`);
  await menu.expectActive(menu.layerLink(first));

  const access = source('energy', 'access');
  await page.goto('/filters/timeseries/energy/access');
  await expect(sourcePage.heading).toHaveText(`${access.sector.title} Sector - ${access.title}`);
  await expect(menu.backToFilters).toHaveAttribute('href', '/filters');
  await expect(menu.back).toHaveAttribute('href', '/filters/timeseries/overview');
  await expect(menu.dataViewHeading).toHaveText('Timeseries Data view');
  await menu.expectLayers(layersOf('energy', 'access'), '/filters/raster');
  await expect(sourcePage.main.getByRole('heading', { name: 'Timeseries Data', exact: true })).toBeVisible();
  await expect(sourcePage.main.getByRole('table').getByRole('columnheader')).toHaveText([
    'Timestamp',
    'Variable',
    'Value',
    'Location',
  ]);

  const ecosystem = source('water', 'ecosystem');
  await page.goto('/filters/external/water/ecosystems');
  await expect(sourcePage.heading).toHaveText(`${ecosystem.sector.title} Sector - ${ecosystem.title}`);
  await expect(menu.backToFilters).toHaveAttribute('href', '/filters');
  await expect(menu.back).toHaveAttribute('href', '/filters/external/overview');
  await expect(menu.sectorLabel).toHaveText(`${ecosystem.sector.title} Sector`);
  await expect(menu.root.getByRole('heading', { name: /Data view/ })).toHaveCount(0);
  await expect(menu.layerList).toHaveCount(0);
  await expect(menu.noLayers).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('table').getByRole('link').first()).toHaveAttribute('target', '_blank');

  const power = layers.find((l) => l.name === 'Power Stations')!;
  await page.goto('/filters/raster/Power_Stations');
  await expect(sourcePage.heading).toContainText(power.name);
  await expect(menu.backToFilters).toHaveAttribute('href', '/filters');
  await expect(menu.back).toHaveAttribute('href', '/filters/raster/overview');
  await expect(menu.dataViewHeading).toHaveText('Raster Data view');
  await menu.expectLayers(layers, '/filters/raster');
  const link = menu.layerLink(power);
  await menu.expectActive(link);
  await expect(link).toHaveAttribute('aria-current', 'page');
  const other = layers.find((l) => l.name !== power.name)!;
  await menu.expectInactive(menu.layerLink(other));
  await expect(page.getByRole('main').getByRole('heading', { name: 'Raster Data', exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByText(menuLabel(power), { exact: true })).toBeAttached();
});
