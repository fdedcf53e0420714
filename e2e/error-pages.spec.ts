import type { Page } from '@playwright/test';
import type { ApiErrorBody } from '@portal/contract/errors';
import { CHUNK_TITLE, ERROR_TITLE, ErrorPage } from './fixtures/error-page.ts';
import { TopBar } from './fixtures/layout.ts';
import { expect, expectNoAxeViolations, test } from './fixtures/portal.ts';
import { TimeseriesPage } from './fixtures/timeseries-page.ts';

/** A deploy replaced the portal's chunks: the old ones are gone (the server answers 404 for them). */
const goneAfterDeploy = (page: Page, chunk: string) =>
  page.route(new RegExp(`/assets/${chunk}-[\\w-]+\\.js$`), (route) =>
    route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' }),
  );

/** The server's answer to a call that broke on its side, as its error handler words it. */
const failure: ApiErrorBody = {
  error: {
    code: 'INTERNAL',
    message: 'Something went wrong on our side; quote the request id if you report it',
    requestId: 'req-7f3a',
  },
};

/**
 * Opens a page through a link, so that the browser asks for its answers itself, where a page
 * opened first comes rendered with them by the server: the top bar's Sectors link from the about
 * page, or a source's Data Page from the energy sector's page.
 */
async function openInApp(page: Page, link: 'Sectors' | 'Data Page: Access'): Promise<void> {
  if (link === 'Sectors') {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('ABOUT US');
    await new TopBar(page).link(link).click();
  } else {
    await page.goto('/sectors/energy');
    await page.getByRole('link', { name: link, exact: true }).click();
  }
}

test.describe('a page whose code cannot be loaded', () => {
  test('a link whose page code is gone after a deploy reloads the page into the new build, where the link works; a part of a page (the chart) that cannot be loaded offers a reload inside the top bar and footer', async ({
    page,
    topBar,
    footer,
  }) => {
    const errorPage = new ErrorPage(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');
    await goneAfterDeploy(page, 'about');
    // React Router reloads the page the reader is on, which comes with the deployed build's code.
    const reloaded = page.waitForEvent('load');
    await topBar.link('About').click();
    await reloaded;
    await expect(page).toHaveURL('/');
    await page.unrouteAll();
    await topBar.link('About').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('ABOUT US');

    const ts = new TimeseriesPage(page);
    await ts.open('energy', 'access', '?start=2019-01-01&end=2019-12-31&variable=Electricity+access&location=Nairobi');
    await goneAfterDeploy(page, 'series-chart');
    await ts.preview.click();
    await errorPage.expectShown(CHUNK_TITLE);
    await expect(page.getByText('This page could not be loaded')).toBeVisible();
    await expect(topBar.root).toBeVisible();
    await expect(footer.root).toBeVisible();
    await expect(page).toHaveTitle(CHUNK_TITLE);
    await expectNoAxeViolations(page);
    await page.unrouteAll();
    await page.keyboard.press('Enter');
    await expect(ts.preview).toBeVisible();
  });

  test('the first page opened stays as the server rendered it, and its links lead on as plain links', async ({
    page,
  }) => {
    await goneAfterDeploy(page, 'sectors');
    await page.goto('/sectors', { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sectors');
    await page.getByRole('link', { name: 'Explore Energy' }).click();
    await expect(page).toHaveURL('/sectors/energy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Energy Sector');
  });
});

test("a page that fails while it renders shows an error reference to quote, and the top bar leads on; a failed answer shows the server's request id, in the page's own alert or on the error page, and is fetched again when the page is opened again", async ({
  page,
  topBar,
  footer,
}) => {
  const errorPage = new ErrorPage(page);
  // An answer that breaks the contract, as from a server of another version: the page cannot render
  // it. The sectors page is reached by a link, so the browser asks for it.
  await page.route('**/api/v1/sectors', (route) => route.fulfill({ json: [{ slug: 'agriculture' }] }));
  await openInApp(page, 'Sectors');
  await errorPage.expectShown(ERROR_TITLE);
  await expect(page.getByText('This page could not be shown.')).toBeVisible();
  await errorPage.expectReference('Error reference', /[0-9a-f]{8}/);
  await expect(topBar.root).toBeVisible();
  await expect(footer.root).toBeVisible();
  await expectNoAxeViolations(page);
  await topBar.link('Partners').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Partners');
  await page.unroute('**/api/v1/sectors');

  await page.route('**/api/v1/sectors', (route) => route.fulfill({ status: 500, json: failure }));
  await openInApp(page, 'Sectors');
  await expect(page.getByRole('alert')).toContainText(`Could not load this page: ${failure.error.message}`);
  await expect(page.getByRole('alert').locator('.error-reference')).toHaveText('Request id: req-7f3a');
  await page.unroute('**/api/v1/sectors');

  const variables = '**/api/v1/sectors/energy/sources/access/variables';
  await page.route(variables, (route) => route.fulfill({ status: 500, json: failure }));
  // Reached by a link, so the browser asks for the variables itself.
  await openInApp(page, 'Data Page: Access');
  await errorPage.expectShown(ERROR_TITLE);
  await expect(page.getByText(failure.error.message)).toBeVisible();
  await errorPage.expectReference('Request id', /req-7f3a/);
  await expect(topBar.root).toBeVisible();
  await expectNoAxeViolations(page);
  await page.unroute(variables);
  await topBar.link('Sectors').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sectors');
  await page.goBack();
  await expect(page.getByLabel(/^Electricity access \(%/)).toBeVisible();
});
