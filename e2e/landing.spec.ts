import { HighlightsResponseSchema } from '@portal/contract/highlights';
import { API } from '@portal/contract/paths';
import { expect, expectNoAxeViolations, test } from './fixtures/portal.ts';

test.describe('landing page figures', () => {
  test('shows each figure the API gives, with its place, period, unit, source and a link to its series', async ({
    page,
    request,
  }) => {
    const { figures, longestRecords } = HighlightsResponseSchema.parse(
      await (await request.get(API.highlights)).json(),
    );
    expect(figures.length).toBeGreaterThanOrEqual(4);
    await page.goto('/');
    const section = page.getByRole('region', { name: 'The data at a glance' });
    const cards = section.getByRole('article');
    await expect(cards).toHaveCount(figures.length);
    for (const [i, figure] of figures.entries()) {
      const card = cards.nth(i);
      await expect(card.getByRole('heading', { level: 3 })).toHaveText(figure.variable);
      await expect(card).toContainText(figure.unit);
      await expect(card).toContainText(`Source: ${figure.dataset.publisher}`);
      await expect(card).toContainText(figure.location ?? `Median of the ${figure.counties} counties with a value`);
      await expect(card).toContainText(
        figure.period === 'year'
          ? figure.latest.date.slice(0, 4)
          : new Date(figure.latest.date).toLocaleString('en', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
      );
      await expect(card.getByRole('img')).toHaveAttribute('aria-label', /^Trend from .+ to .+: lowest .+, highest .+/);
    }
    const records = page.getByRole('region', { name: 'The longest records' }).getByRole('listitem');
    await expect(records).toHaveCount(longestRecords.length);
    await expect(records.first().getByRole('link')).toHaveText(longestRecords[0].title);
    await expectNoAxeViolations(page);

    const electricity = cards.filter({ hasText: 'Access to electricity' });
    await electricity.getByRole('link', { name: 'See the series of Access to electricity' }).click();
    await expect(page).toHaveURL(/\/timeseries\?.*variable=Access\+to\+electricity/);
    await expect(
      page.getByRole('checkbox', { name: 'Access to electricity (% of population)', exact: true }),
    ).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Kenya', exact: true })).toBeChecked();
  });
});

// Pages come rendered by the server (ADR 0034), each from the answers named here.
const RENDERED_FROM: Record<string, string[]> = {
  '/': [API.site, API.highlights],
  '/sectors': [API.site, API.sectors],
  '/sectors/energy/access/timeseries': [
    API.site,
    API.source('energy', 'access'),
    API.variables('energy', 'access'),
    API.locations('energy', 'access'),
  ],
  '/sectors/agriculture/land/raster': [API.site, API.source('agriculture', 'land'), API.wms, API.mapConfig],
};

test.describe('pages the server renders', () => {
  for (const [path, renderedFrom] of Object.entries(RENDERED_FROM)) {
    test(`${path} is hydrated as it is: no mismatch or other error, no answer asked for again, no loading state, and its controls work`, async ({
      page,
      topBar,
    }) => {
      const asked: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/')) asked.push(new URL(request.url()).pathname);
      });
      // A hydration mismatch is reported as an error, in the console or thrown.
      const errors: string[] = [];
      page.on('console', (message) => {
        const tile = /tile\.openstreetmap\.org/.test(message.location().url);
        if (message.type() === 'error' && !tile) errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
      await page.addInitScript(() => {
        // Any loading state drawn over the page while its script takes it over.
        new MutationObserver(() => {
          if (document.querySelector('.spinner-border')) document.documentElement.dataset.loadingShown = 'yes';
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      // The menu opens once the page is hydrated: until then a click does nothing, so it is tried again.
      await expect(async () => {
        await topBar.root.getByRole('button', { name: 'Language English' }).click();
        await expect(topBar.root.getByRole('button', { name: 'Kiswahili' })).toBeVisible({ timeout: 1000 });
      }).toPass();
      await expect(page.locator('html')).not.toHaveAttribute('data-loading-shown');
      expect(asked.filter((asked) => renderedFrom.includes(asked))).toEqual([]);
      expect(errors).toEqual([]);
    });
  }

  test('a visitor with a stored login sees their menu without using the page first', async ({ page, topBar }) => {
    await page.addInitScript(() => {
      localStorage.setItem('email', 'wanjiku@example.org');
      localStorage.setItem('username', 'wanjiku');
    });
    await page.goto('/sectors');
    await expect(topBar.root.getByRole('button', { name: 'wanjiku@example.org' })).toBeVisible();
    await expect(topBar.link('Login')).toHaveCount(0);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test("the landing page shows its figures, and its links lead to the sectors; a source's timeseries page shows its variables with their units and its locations, and its side menu leads on", async ({
      page,
    }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to the Kenya CLEW Data Observatory');
      await expect(page.getByRole('region', { name: 'The data at a glance' }).getByRole('article')).not.toHaveCount(0);
      await expect(page).toHaveTitle('Kenya CLEW Data Observatory');
      await page.getByRole('link', { name: 'Start Exploring Data' }).click();
      await expect(page).toHaveURL('/sectors');
      await expect(page.locator('.sector-card')).toHaveCount(5);
      await expect(page.getByRole('link', { name: /^Explore/ }).first()).toHaveAttribute('href', /^\/sectors\//);

      await page.goto('/sectors/energy/access/timeseries');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Energy Sector - Access');
      await expect(page.getByRole('checkbox', { name: /^Electricity access \(%/ }).first()).toBeVisible();
      await expect(page.getByRole('checkbox', { name: 'Nairobi', exact: true })).toBeVisible();
      await page.getByRole('link', { name: 'Raster Data' }).first().click();
      await expect(page).toHaveURL('/sectors/energy/access/raster');
    });
  });
});
