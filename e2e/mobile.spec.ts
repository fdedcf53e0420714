import type { Locator } from '@playwright/test';
import { expectTargetsOfMinimumSize, rightEdgeShade } from './fixtures/fit.ts';
import { TOP_BAR_LINKS } from './fixtures/layout.ts';
import { expect, expectNoAxeViolations, test } from './fixtures/portal.ts';
import { TimeseriesPage } from './fixtures/timeseries-page.ts';
import { openScreen, SCREENS, type Screen } from './fixtures/screens.ts';

test.use({ viewport: { width: 360, height: 740 } });

/** A source's timeseries page, as the route list gives its sample. */
const SOURCE_PAGE: Screen = SCREENS.find((s) => s.name === 'sector-source')!;

test("on a small screen (360 x 740) the top bar folds its links behind a toggle, and a Menu button opens the side menu, with About, Partners, the portal's own pages and Login, whose links work", async ({
  page,
  topBar,
  sourcePage,
}) => {
  await openScreen(page, SOURCE_PAGE);
  await expect(topBar.toggle).toBeVisible();
  for (const [name] of TOP_BAR_LINKS) await expect(topBar.link(name)).toBeHidden();
  await topBar.toggle.click();
  for (const [name] of TOP_BAR_LINKS) await expect(topBar.link(name)).toBeVisible();
  await topBar.expectLinks();
  await topBar.toggle.click();
  await expect(topBar.link('Sectors')).toBeHidden();

  const { menu } = sourcePage;
  await expect(menu.root).toBeHidden();
  await expect(sourcePage.menuButton).toBeVisible();
  await sourcePage.menuButton.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(menu.root).toBeVisible();
  const names = ['About', 'Partners', 'Counties', 'County map', 'Datasets', 'Login'];
  const links = menu.root.getByRole('link').filter({ hasText: new RegExp(`^(${names.join('|')})$`) });
  await expect(links).toHaveText(names);
  for (const [name, href] of TOP_BAR_LINKS.filter(([name]) => names.includes(name))) {
    const link = menu.root.getByRole('link', { name, exact: true });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', href);
  }
  await expect(menu.backToSectors).toBeVisible();
  await expect(menu.timeseries).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Close menu' }).click();
  await expect(menu.root).toBeHidden();

  await sourcePage.menuButton.click();
  await sourcePage.menu.external.click();
  await expect(page).toHaveURL('/sectors/energy/access/external');
  await expect(page.getByRole('main').getByRole('table')).toBeVisible();
});

/**
 * A table wider than its box scrolls sideways in it: its last column starts out of sight, a shadow
 * darkens the box's right edge until the end is reached, and the first column stays in place.
 */
async function expectSidewaysScroll(box: Locator, lastColumn: Locator) {
  const rowName = box.locator('tbody tr > :first-child').filter({ hasText: /\S/ }).last();
  expect(await box.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeGreaterThan(0);
  await expect(lastColumn).not.toBeInViewport({ ratio: 0.9 });
  const shadeWithMore = await rightEdgeShade(box);
  const { x } = (await rowName.boundingBox())!;

  await box.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
  await expect(lastColumn).toBeInViewport({ ratio: 0.9 });
  // Within a pixel: a collapsed border's half may go under the box's edge.
  expect(Math.abs((await rowName.boundingBox())!.x - x)).toBeLessThanOrEqual(1);
  expect(shadeWithMore).toBeGreaterThan((await rightEdgeShade(box)) + 10);
}

test('tables wider than a phone scroll in their box with a cue and their first column in place: the county comparison, to Kenya; the preview, whose Preview and Export buttons are 44 px high; the county list scrolls with the page', async ({
  page,
}) => {
  await page.goto('/counties/compare?c=turkana&c=marsabit');
  const compare = page.getByRole('main').locator('.table-responsive');
  await expect(compare.locator('thead th')).toHaveText(['Figure', 'Turkana', 'Marsabit', 'Kenya']);
  await expectSidewaysScroll(compare, compare.getByRole('columnheader', { name: 'Kenya' }));

  const ts = new TimeseriesPage(page);
  await openScreen(page, SOURCE_PAGE);
  for (const button of [ts.preview, ts.exportButton])
    expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(43.5);
  await ts.preview.click();
  await expect(ts.rows.first()).not.toHaveText('------------');
  // The chart (its code loads after the rows) and the Share button arrive below and beside the table:
  // measured once they have, the table's box no longer moves between its position and its picture.
  await expect(ts.chart.or(page.locator('.bar-chart')).first()).toBeVisible();
  const preview = page.getByRole('region', { name: 'Preview of the selected timeseries' });
  await expectSidewaysScroll(preview, ts.table.getByRole('columnheader', { name: 'Location' }));
  await expectTargetsOfMinimumSize(page);

  await page.goto('/counties');
  const list = page.getByRole('main').locator('.table-responsive');
  await expect(list.getByRole('row')).toHaveCount(48);
  expect(await list.evaluate((element) => element.scrollHeight - element.clientHeight)).toBeLessThanOrEqual(1);
});
