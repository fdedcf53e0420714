import { DATA_TYPES, layers, layersOf, linksOf, site, source, sourcesWithoutLayers } from './fixtures/catalog.ts';
import { expect, expectNoAxeViolations, test } from './fixtures/portal.ts';
import type { SideMenu } from './fixtures/source-page.ts';

/** Sources checked in every form: the spec's example plus one energy and one water source. */
const SAMPLE = [
  ['agriculture', 'carbon'],
  ['energy', 'infrastructure'],
  ['water', 'lakes'],
] as const;

const pathsOf = (sectorSlug: string, sourceSlug: string) => {
  const s = source(sectorSlug, sourceSlug);
  const home = `/sectors/${sectorSlug}/${sourceSlug}`;
  return {
    timeseries: `${home}/timeseries`,
    raster: `${home}/raster`,
    external: `/sectors/${sectorSlug}/${s.externalSlug ?? sourceSlug}/external`,
  };
};

const menuItem = (menu: SideMenu, type: (typeof DATA_TYPES)[number]) =>
  ({ timeseries: menu.timeseries, raster: menu.raster, external: menu.external })[type];

for (const [sectorSlug, sourceSlug] of SAMPLE) {
  const s = source(sectorSlug, sourceSlug);
  const title = `${s.sector.title} Sector - ${s.title}`;
  const paths = pathsOf(sectorSlug, sourceSlug);

  test(`${sectorSlug}/${sourceSlug}: each data type's page has its heading, title, versions and side menu; the raster layer list expands and lists its layers`, async ({
    page,
    sourcePage,
  }) => {
    const { menu } = sourcePage;
    for (const type of DATA_TYPES) {
      await page.goto(paths[type]);
      await expect(sourcePage.heading).toHaveText(title);
      await expect(page).toHaveTitle(title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', s.description);
      await sourcePage.expectVersionLinks(paths);
      await expect(menu.brand).toHaveText(`${site.shortName}!`);
      await expect(menu.backToSectors).toHaveAttribute('href', '/sectors');
      await expect(menu.back).toHaveAttribute('href', `/sectors/${sectorSlug}`);
      await expect(menu.backToFilters).toHaveCount(0);
      await expect(menu.sectorLabel).toHaveText(`${s.sector.title} Sector`);
      await expect(menu.dataViewHeading).toHaveText('Data view');
      await expect(menu.timeseries).toHaveAttribute('href', paths.timeseries);
      await expect(menu.raster).toHaveAttribute('href', paths.raster);
      await expect(menu.external).toHaveAttribute('href', paths.external);
      for (const other of DATA_TYPES) {
        if (other === type) await menu.expectActive(menuItem(menu, other));
        else await menu.expectInactive(menuItem(menu, other));
      }
      await expect(menuItem(menu, type)).toHaveAttribute('aria-current', 'page');
    }

    await page.goto(paths.timeseries);
    await expect(sourcePage.heading).toHaveText(title);
    await expect(menu.rasterToggle).toHaveAttribute('aria-expanded', 'false');
    await expect(menu.layerList).toBeHidden();
    await menu.rasterToggle.click();
    await expect(menu.rasterToggle).toHaveAttribute('aria-expanded', 'true');
    await menu.expectLayers(layersOf(sectorSlug, sourceSlug), `/sectors/${sectorSlug}/${sourceSlug}/raster`);
    await expect(menu.layerList).toBeVisible();
    if (sectorSlug === 'agriculture') await expectNoAxeViolations(page);
    await menu.rasterToggle.click();
    await expect(menu.rasterToggle).toHaveAttribute('aria-expanded', 'false');
    await expect(menu.layerList).toBeHidden();
  });
}

test('the raster layer list: open on a raster page, "No data source yet" for a source without layers, a layer page highlights its layer and the Raster Data group, a layer link opens its page', async ({
  page,
  sourcePage,
}) => {
  const { menu } = sourcePage;
  await page.goto('/sectors/agriculture/carbon/raster');
  await expect(menu.rasterToggle).toHaveAttribute('aria-expanded', 'true');
  await menu.expectLayers(layersOf('agriculture', 'carbon'), '/sectors/agriculture/carbon/raster');
  const [, second] = layersOf('agriculture', 'carbon');
  await menu.layerLink(second).click();
  await expect(page).toHaveURL(`/sectors/agriculture/carbon/raster/${second.name.replace(/ /g, '_')}`);
  await menu.expectActive(menu.layerLink(second));

  const [empty] = sourcesWithoutLayers();
  expect(empty).toBeDefined();
  await page.goto(`/sectors/${empty.sector}/${empty.source}/raster`);
  await expect(menu.rasterToggle).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.noLayers).toBeVisible();
  await expect(menu.layerLinks).toHaveCount(0);

  const infrastructure = source('energy', 'infrastructure');
  const power = layers.find((l) => l.name === 'Power Stations')!;
  expect(layersOf('energy', 'infrastructure')).toContainEqual(power);
  await page.goto('/sectors/energy/infrastructure/raster/Power_Stations');
  await expect(sourcePage.heading).toHaveText(`${infrastructure.sector.title} Sector - ${infrastructure.title}`);
  await expect(menu.rasterToggle).toHaveAttribute('aria-expanded', 'true');
  await menu.expectActive(menu.layerLink(power));
  await expect(menu.layerLink(power)).toHaveAttribute('aria-current', 'page');
  await menu.expectActive(menu.raster);
  await menu.expectInactive(menu.timeseries);
  await menu.expectInactive(menu.external);
  for (const other of layersOf('energy', 'infrastructure').filter((l) => l !== power)) {
    await menu.expectInactive(menu.layerLink(other));
  }
});

test("the panels: an empty Timeseries Data panel, carbon's Raster Data card and external links; the water ecosystem's external page at /ecosystems, where /ecosystem redirects", async ({
  page,
  sourcePage,
}) => {
  await page.goto('/sectors/water/aquifer-systems/timeseries');
  await expect(sourcePage.heading).toHaveText('Water Sector - Aquifer Systems');
  await sourcePage.expectEmptyTimeseriesPanel();

  await page.goto('/sectors/agriculture/carbon/raster');
  await expect(sourcePage.heading).toHaveText('Agricultural / Land Sector - Carbon');
  await expect(sourcePage.main.getByRole('heading', { name: 'Raster Data', exact: true })).toBeVisible();
  await expect(
    sourcePage.main.getByText('Raster Data for Agricultural / Land sector on Carbon can be found here.', {
      exact: true,
    }),
  ).toBeVisible();
  await page.goto('/sectors/agriculture/carbon/external');
  await expect(sourcePage.heading).toHaveText('Agricultural / Land Sector - Carbon');
  await expect(page).toHaveTitle('Agricultural / Land Sector - Carbon');
  await sourcePage.expectExternalLinks(
    'Get all external data relating to Carbon in the agricultural / land sector by visiting the link(s) listed below.',
    linksOf('agriculture', 'carbon'),
  );

  const ecosystem = source('water', 'ecosystem');
  const title = `${ecosystem.sector.title} Sector - ${ecosystem.title}`;
  expect(ecosystem.externalSlug).toBe('ecosystems');
  await page.goto('/sectors/water/ecosystems/external');
  await expect(sourcePage.heading).toHaveText(title);
  await expect(page).toHaveURL('/sectors/water/ecosystems/external');
  await sourcePage.expectVersionLinks(pathsOf('water', 'ecosystem'));
  await sourcePage.menu.expectActive(sourcePage.menu.external);
  await sourcePage.expectExternalLinks(
    `Get all external data relating to ${ecosystem.title} in the ${ecosystem.sector.title.toLowerCase()} sector by visiting the link(s) listed below.`,
    linksOf('water', 'ecosystem'),
  );
  await page.goto('/sectors/water/ecosystem/external');
  await expect(page).toHaveURL('/sectors/water/ecosystems/external');
  await expect(sourcePage.heading).toHaveText(title);
});

// A page the server renders comes with its first answers: as it opens and hydrates, it asks the API
// for nothing (the landing and map pages: landing.spec.ts), and names its code for the browser to fetch early.
test('a sector page and an external page ask the API for nothing as they open: their answers came with them', async ({
  page,
}) => {
  const requested: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) requested.push(url.pathname + url.search);
  });
  for (const path of ['/sectors/energy', '/sectors/energy/access/external']) {
    requested.length = 0;
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(requested, path).toEqual([]);
    expect(await (await page.request.get(path)).text()).toContain('<link rel="modulepreload"');
  }
});
