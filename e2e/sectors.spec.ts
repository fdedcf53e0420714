import { listedSources, sector, sectors, site } from './fixtures/catalog.ts';
import { expect, test } from './fixtures/portal.ts';

/** The sector links in the spec's order (section 2). */
const SPEC_SECTOR_LINKS = ['/sectors/agriculture', '/sectors/water', '/sectors/energy', '/sectors/macro-economics', '/sectors/climate'];

test.describe('/sectors', () => {
  test('shows the five sector cards in catalogue order', async ({ page }) => {
    await page.goto('/sectors');
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
  });

  test('a card leads to its sector landing', async ({ page }) => {
    await page.goto('/sectors');
    const water = sector('water');
    await page.locator('.sector-card').filter({ hasText: water.title }).getByRole('link').click();
    await expect(page).toHaveURL('/sectors/water');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${water.title} Sector`);
  });

  test("page title is the data observatory's name", async ({ page, topBar }) => {
    // Start elsewhere so the title has to be set by /sectors itself, not left over from index.html.
    await page.goto('/about');
    await expect(page).not.toHaveTitle(site.name);
    await topBar.link('Sectors').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sectors');
    await expect(page).toHaveTitle(site.name);
    await page.reload();
    await expect(page.locator('.sector-card')).toHaveCount(5);
    await expect(page).toHaveTitle(site.name);
  });

  test('shows a dismissible info banner handed over in the navigation state', async ({ page }) => {
    await page.goto('/sectors');
    await expect(page.locator('.sector-card')).toHaveCount(5);
    await page.evaluate(() => history.replaceState({ usr: { info: 'Some message' }, key: 'x', idx: 0 }, '', '/sectors'));
    await page.reload();
    const alert = page.getByRole('alert');
    await expect(alert).toHaveCount(1);
    await expect(alert).toContainText('Some message');
    await alert.getByRole('button', { name: /close/i }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByText('Some message')).toHaveCount(0);
    await expect(page.locator('.sector-card')).toHaveCount(5);
  });

  test('shows no banner without navigation state', async ({ page }) => {
    await page.goto('/sectors');
    await expect(page.locator('.sector-card')).toHaveCount(5);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});

test.describe('sector landings', () => {
  for (const s of sectors) {
    test(`${s.slug}: heading, back link and its listed sources`, async ({ page }) => {
      await page.goto(`/sectors/${s.slug}`);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1 })).toHaveText(`${s.title} Sector`);
      await expect(main.getByRole('link', { name: 'Go back to Sectors', exact: true })).toHaveAttribute('href', '/sectors');

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
    });
  }

  test('water shows its intro text and a Water sources list', async ({ page }) => {
    const water = sector('water');
    expect(water.intro).toBeTruthy();
    await page.goto('/sectors/water');
    const main = page.getByRole('main');
    await expect(main.getByText(water.intro!, { exact: true })).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Water sources', exact: true })).toBeVisible();
    await expect(main.locator('.source-list-item')).toHaveCount(listedSources(water).length);
  });

  test('a Data Page button opens the source timeseries page', async ({ page }) => {
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
});
