import { readFileSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { PAGES_CACHE } from '@portal/contract/paths';
import { expect, expectNoAxeViolations, test } from './fixtures/portal.ts';
import { TimeseriesPage } from './fixtures/timeseries-page.ts';

// The only tests with the service worker (ADR 0026); it answers requests before page.route could.
test.use({ serviceWorkers: 'allow' });
// One test below serves a new service worker from the build, which the others must not meet.
test.describe.configure({ mode: 'serial' });

const OFFLINE =
  'You are offline. Pages you have opened before still work; previewing and exporting data need a connection.';
const UPDATE = 'A new version of the portal is available.';
const QUERY = `?start=2019-01-01&end=2021-12-31&variable=${encodeURIComponent('Electricity access')}&location=Nairobi`;

/** Whether the service worker keeps what answered `path` in `cache` for reading offline. */
const keptByWorker = (page: Page, cache: string, path: string) =>
  page.evaluate(
    async ({ cache, path }) => (await (await caches.open(cache)).match(path, { ignoreVary: true })) !== undefined,
    { cache, path },
  );

/** Waits until the service worker has installed and serves this page. */
async function workerInCharge(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

test('pages opened before work offline under a banner; preview and export say they need a connection', async ({
  page,
  context,
}) => {
  const ts = new TimeseriesPage(page);
  // The first page loads before the worker: it is handed the page itself, to keep.
  await page.goto('/');
  await expect(page.getByText('Access to electricity')).toBeVisible();
  await workerInCharge(page);
  await expect.poll(() => keptByWorker(page, PAGES_CACHE, '/')).toBe(true);
  // A page the server rendered is kept as it came, its answers in it.
  await ts.open('energy', 'access', QUERY);
  await expect(ts.toggle('Nairobi')).toBeChecked();
  await expect.poll(() => keptByWorker(page, PAGES_CACHE, `/sectors/energy/access/timeseries${QUERY}`)).toBe(true);

  await context.setOffline(true);
  const banner = page.getByRole('status').filter({ hasText: OFFLINE });
  await expect(banner).toBeVisible();
  await page.reload();
  await expect(ts.panel.getByRole('heading', { name: 'Timeseries Data' })).toBeVisible();
  await expect(ts.toggle('Nairobi')).toBeChecked();
  await expect(banner).toBeVisible();
  await expectNoAxeViolations(page);

  await ts.preview.click();
  await ts.expectAlert('Previewing needs an internet connection. Connect and try again.');
  await ts.exportButton.click();
  await ts.expectAlert('Exporting needs an internet connection. Connect and try again.');

  // The landing page, kept from before the worker.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');
  await expect(page.getByText('Access to electricity')).toBeVisible();

  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
  await ts.open('energy', 'access', QUERY);
  await ts.preview.click();
  await expect(ts.rows.first()).toContainText('Nairobi');
});

test('says so in Swahili, for a reader who chose it', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'lang', value: 'sw', url: baseURL! }]);
  await page.goto('/');
  await workerInCharge(page);
  await expect.poll(() => keptByWorker(page, PAGES_CACHE, '/')).toBe(true);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Uko nje ya mtandao.' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
});

test.describe('for a reader whose browser asks for Swahili', () => {
  test.use({ locale: 'sw-KE' });

  test('the landing page stays theirs with the worker in charge, online and offline, without a choice made', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
    await workerInCharge(page);
    // Online, the worker passes the page on from the server, which wrote it for this reader.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Karibu');
    // Offline, its kept copy is the one the server rendered for this reader.
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: 'Uko nje ya mtandao.' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
    expect(await context.cookies()).not.toContainEqual(expect.objectContaining({ name: 'lang' }));
  });
});

test('offers a reload when a new version is deployed, and the reload brings it', async ({ page }) => {
  const worker = new URL('../apps/web/build/client/sw.js', import.meta.url);
  const built = readFileSync(worker, 'utf8');
  await page.goto('/');
  await workerInCharge(page);
  try {
    // A deploy: the server now has a service worker of other bytes.
    writeFileSync(worker, `${built}\n// the next build\n`);
    await page.reload();
    const prompt = page.getByRole('status').filter({ hasText: UPDATE });
    await expect(prompt).toBeVisible();
    await expectNoAxeViolations(page);
    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');
    await expect(prompt).toHaveCount(0);
    expect(
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null),
    ).toBeNull();
  } finally {
    writeFileSync(worker, built);
  }
});
