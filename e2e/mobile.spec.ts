import { expect, expectNoAxeViolations, test } from './fixtures/portal.ts';
import { openScreen, SCREENS, type Screen } from './fixtures/screens.ts';

test.use({ viewport: { width: 360, height: 740 } });

const screen = (path: string): Screen => {
  const found = SCREENS.find((s) => s.path === path);
  if (!found) throw new Error(`No screen for ${path}`);
  return found;
};

const SOURCE_PAGE = '/sectors/agriculture/carbon/timeseries';

test.describe('small screens (360 x 740)', () => {
  for (const path of ['/', '/sectors', SOURCE_PAGE, '/sectors/agriculture/carbon/external', '/partners']) {
    test(`${path} does not overflow horizontally`, async ({ page }) => {
      await openScreen(page, screen(path));
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(360);
    });
  }

  test('the top bar collapses its links behind a toggle', async ({ page, topBar }) => {
    await openScreen(page, screen(SOURCE_PAGE));
    await expect(topBar.toggle).toBeVisible();
    for (const name of ['Sectors', 'About', 'Partners', 'Login'] as const) await expect(topBar.link(name)).toBeHidden();
    await topBar.toggle.click();
    for (const name of ['Sectors', 'About', 'Partners', 'Login'] as const) await expect(topBar.link(name)).toBeVisible();
    await topBar.toggle.click();
    await expect(topBar.link('Sectors')).toBeHidden();
  });

  test('a Menu button opens the side menu with About, Partners and Login', async ({ page, sourcePage }) => {
    await openScreen(page, screen(SOURCE_PAGE));
    const { menu } = sourcePage;
    await expect(menu.root).toBeHidden();
    await expect(sourcePage.menuButton).toBeVisible();
    await sourcePage.menuButton.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(menu.root).toBeVisible();
    for (const [name, href] of [
      ['About', '/about'],
      ['Partners', '/partners'],
      ['Login', '/login'],
    ]) {
      const link = menu.root.getByRole('link', { name, exact: true });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('href', href);
    }
    await expect(menu.backToSectors).toBeVisible();
    await expect(menu.timeseries).toBeVisible();
    await expectNoAxeViolations(page);

    await dialog.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu.root).toBeHidden();
  });

  test('the side menu links work from the offcanvas', async ({ page, sourcePage }) => {
    await openScreen(page, screen(SOURCE_PAGE));
    await sourcePage.menuButton.click();
    await sourcePage.menu.external.click();
    await expect(page).toHaveURL('/sectors/agriculture/carbon/external');
    await expect(page.getByRole('main').getByRole('table')).toBeVisible();
  });
});
