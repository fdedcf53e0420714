import { expect, expectNoAxeViolations, test } from './fixtures/portal.ts';
import { openScreen, SCREENS } from './fixtures/screens.ts';

test.describe('axe (WCAG 2.0 / 2.1 A and AA)', () => {
  for (const screen of SCREENS) {
    test(`${screen.name} (${screen.path})`, async ({ page }) => {
      await openScreen(page, screen);
      await expectNoAxeViolations(page);
    });
  }

  test('sectors with the info banner', async ({ page }) => {
    await page.goto('/sectors');
    await page.evaluate(() => history.replaceState({ usr: { info: 'Some message' }, key: 'x', idx: 0 }, '', '/sectors'));
    await page.reload();
    await expect(page.getByRole('alert')).toContainText('Some message');
    await expect(page.locator('.sector-card')).toHaveCount(5);
    await expectNoAxeViolations(page);
  });

  test('source page with the raster layer list expanded', async ({ page }) => {
    await openScreen(
      page,
      SCREENS.find((s) => s.path === '/sectors/agriculture/carbon/timeseries')!,
    );
    const toggle = page.getByRole('button', { name: 'Show raster layers' });
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Hide raster layers' })).toHaveAttribute('aria-expanded', 'true');
    await expectNoAxeViolations(page);
  });

  test('redirected not-found page (/404)', async ({ page }) => {
    await openScreen(page, { name: '404', path: '/filters/raster/No_Such_Layer', heading: 'Page not found' });
    await expect(page).toHaveURL('/404');
    await expectNoAxeViolations(page);
  });
});
