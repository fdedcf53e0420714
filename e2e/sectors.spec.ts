import { listedSources, sector, sectors, site } from './fixtures/catalog.ts';
import { expect, expectNoAxeViolations, test } from './fixtures/portal.ts';

/** The sector links in the spec's order (section 2). */
const SPEC_SECTOR_LINKS = [
  '/sectors/agriculture',
  '/sectors/water',
  '/sectors/energy',
  '/sectors/macro-economics',
  '/sectors/climate',
];

test("/sectors shows the five sector cards in catalogue order, takes the observatory's name as its title, and a card leads to its sector landing", async ({
  page,
  topBar,
}) => {
  // Start elsewhere so the title has to be set by /sectors itself, not left over from another page.
  await page.goto('/about');
  await expect(page).not.toHaveTitle(site.name);
  await topBar.link('Sectors').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sectors');
  await expect(page).toHaveTitle(site.name);
  const cards = page.locator('.sector-card');
  expect(sectors).toHaveLength(5);
  await expect(cards).toHaveCount(sectors.length);
  await expect(cards.getByRole('heading', { level: 2 })).toHaveText(sectors.map((s) => s.title));
  for (const [i, s] of sectors.entries()) {
    await expect(cards.nth(i).getByText(s.description, { exact: true })).toBeVisible();
  }
  const links = cards.getByRole('link');
  await expect(links).toHaveCount(5);
  const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(hrefs).toEqual(sectors.map((s) => `/sectors/${s.slug}`));
  expect(hrefs).toEqual(SPEC_SECTOR_LINKS);
  await page.reload();
  await expect(cards).toHaveCount(5);
  await expect(page).toHaveTitle(site.name);

  const water = sector('water');
  await cards.filter({ hasText: water.title }).getByRole('link').click();
  await expect(page).toHaveURL('/sectors/water');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${water.title} Sector`);
});

test('/sectors shows no banner without navigation state, and a dismissible info banner handed over in it', async ({
  page,
}) => {
  await page.goto('/sectors');
  await expect(page.locator('.sector-card')).toHaveCount(5);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.evaluate(() => history.replaceState({ usr: { info: 'Some message' }, key: 'x', idx: 0 }, '', '/sectors'));
  await page.reload();
  const alert = page.getByRole('alert');
  await expect(alert).toHaveCount(1);
  await expect(alert).toContainText('Some message');
  await expect(page.locator('.sector-card')).toHaveCount(5);
  await expectNoAxeViolations(page);
  await alert.getByRole('button', { name: /close/i }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByText('Some message')).toHaveCount(0);
  await expect(page.locator('.sector-card')).toHaveCount(5);
});

test("each sector landing: heading, back link and its listed sources, water's intro; a Data Page button opens the source's timeseries page", async ({
  page,
}) => {
  for (const s of sectors) {
    await page.goto(`/sectors/${s.slug}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(`${s.title} Sector`);
    await expect(main.getByRole('link', { name: 'Go back to Sectors', exact: true })).toHaveAttribute(
      'href',
      '/sectors',
    );
    const listed = listedSources(s);
    const items = main.locator('.source-list-item');
    await expect(items.getByRole('heading')).toHaveText(listed.map((src) => src.title));
    for (const [i, src] of listed.entries()) {
      const item = items.nth(i);
      await expect(item.getByText(src.description, { exact: true })).toBeVisible();
      const button = item.getByRole('link', { name: /Data Page/ });
      await expect(button).toHaveText('Data Page');
      await expect(button).toHaveAttribute('href', `/sectors/${s.slug}/${src.slug}/timeseries`);
    }
    for (const hidden of s.sources.filter((src) => src.inSectorList === false)) {
      await expect(items.getByRole('heading', { name: hidden.title, exact: true })).toHaveCount(0);
    }
    if (s.slug === 'water') {
      expect(s.intro).toBeTruthy();
      await expect(main.getByText(s.intro!, { exact: true })).toBeVisible();
      await expect(main.getByRole('heading', { name: 'Water sources', exact: true })).toBeVisible();
    }
  }

  const energy = sector('energy');
  const first = listedSources(energy)[0];
  await page.goto('/sectors/energy');
  await page
    .locator('.source-list-item')
    .first()
    .getByRole('link', { name: /Data Page/ })
    .click();
  await expect(page).toHaveURL(`/sectors/energy/${first.slug}/timeseries`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${energy.title} Sector - ${first.title}`);
});
