import { expect, expectNoAxeViolations, test } from './fixtures/portal.ts';
import { openScreen, SCREENS, type Screen } from './fixtures/screens.ts';

test.use({ viewport: { width: 360, height: 740 } });

const screen = (path: string): Screen => {
  const found = SCREENS.find((s) => s.path === path);
  if (!found) throw new Error(`No screen for ${path}`);
  return found;
};

const SOURCE_PAGE = '/sectors/agriculture/carbon/timeseries';

test('on a small screen (360 x 740) the top bar folds its links behind a toggle, and a Menu button opens the side menu, with About, Partners and Login, whose links work', async ({
  page,
  topBar,
  sourcePage,
}) => {
  await openScreen(page, screen(SOURCE_PAGE));
  await expect(topBar.toggle).toBeVisible();
  for (const name of ['Sectors', 'About', 'Partners', 'Login'] as const) await expect(topBar.link(name)).toBeHidden();
  await topBar.toggle.click();
  for (const name of ['Sectors', 'About', 'Partners', 'Login'] as const) await expect(topBar.link(name)).toBeVisible();
  await topBar.toggle.click();
  await expect(topBar.link('Sectors')).toBeHidden();

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

  await sourcePage.menuButton.click();
  await sourcePage.menu.external.click();
  await expect(page).toHaveURL('/sectors/agriculture/carbon/external');
  await expect(page.getByRole('main').getByRole('table')).toBeVisible();
});
