import { expect, expectNoAxeViolations, test } from './fixtures/portal.ts';

/** Unknown paths that show the not-found page where they are. */
const SHOWN_IN_PLACE = [
  '/404',
  '/no/such/page',
  '/sectors/unknown',
  '/sectors/agriculture/unknown-source/timeseries',
  '/sectors/agriculture/carbon/unknown',
  '/sectors/agriculture/carbon/timeseries/extra',
  '/filters/unknown/overview',
];

/** Unknown raster layers: the side menu has no entry for them, so the visitor is sent to /404. */
const REDIRECTED = ['/filters/raster/No_Such_Layer', '/sectors/agriculture/carbon/raster/No_Such_Layer'];

test('unknown addresses show the not-found page where they are, unknown layers send to /404, and Back to homepage leads to /', async ({
  page,
  notFound,
}) => {
  for (const path of SHOWN_IN_PLACE) {
    await page.goto(path);
    await notFound.expectShown();
    await expect(page).toHaveURL(path);
  }
  for (const path of REDIRECTED) {
    await page.goto(path);
    await expect(page).toHaveURL('/404');
    await notFound.expectShown();
  }
  await expectNoAxeViolations(page);
  await notFound.homeLink.click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');
});
