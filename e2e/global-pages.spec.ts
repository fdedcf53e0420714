import { partners, sectors, site } from './fixtures/catalog.ts';
import { expect, test } from './fixtures/portal.ts';

const SITE_DESCRIPTION =
  'Open research data on climate, land, energy, water and the economy of Kenya and its 47 counties.';

test('the landing, about and partners pages through the top bar: their texts, logos, links and descriptions', async ({
  page,
  topBar,
}) => {
  const description = page.locator('meta[name="description"]');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome to the ${site.name}`);
  await expect(description).toHaveAttribute(
    'content',
    /^Open research data on climate, land, energy, water and the economy of Kenya.*to the publishers\.$/,
  );
  await topBar.expectLinks();
  await expect(topBar.logoLink).toHaveCount(0);

  await topBar.link('About').click();
  await expect(page).toHaveURL('/about');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('ABOUT US');
  expect(site.about.heading).toBe('ABOUT US');
  expect(site.about.paragraphs).toHaveLength(3);
  await expect(main.locator('p')).toHaveText(site.about.paragraphs);
  const diagram = main.getByRole('img');
  await expect(diagram).toHaveAttribute('alt', /\S/);
  await expect(diagram).toBeVisible();
  await expect.poll(() => diagram.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await topBar.expectLinks();
  await expect(topBar.logoLink).toHaveCount(1);
  await expect(topBar.logoLink).toBeVisible();

  await topBar.link('Partners').click();
  await expect(page).toHaveURL('/partners');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Partners');
  await expect(description).toHaveAttribute('content', `The organisations behind the ${site.name} and its data.`);
  await expect(main.getByText('Click on the logo to know more about our partners', { exact: true })).toBeVisible();
  expect(partners).toHaveLength(7);
  const links = main.getByRole('listitem').getByRole('link');
  await expect(links).toHaveCount(partners.length);
  for (const [i, partner] of partners.entries()) {
    const link = links.nth(i);
    await expect(link).toHaveAttribute('href', partner.url);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /(^|\s)noopener(\s|$)/);
    const logo = link.getByRole('img');
    await expect(logo).toHaveCount(1);
    await expect(logo).toHaveAttribute('alt', new RegExp(`^${partner.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }
  await topBar.expectLinks();
  await expect(topBar.logoLink).toBeVisible();

  await topBar.link('Sectors').click();
  await expect(page).toHaveURL('/sectors');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sectors');
  await topBar.link('About').click();
  await topBar.logoLink.click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome to the ${site.name}`);
  const start = page.getByRole('link', { name: 'Start Exploring Data', exact: true });
  await expect(start).toHaveAttribute('href', '/sectors');
  await start.click();
  await expect(page).toHaveURL('/sectors');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sectors');

  // Opened directly: a sector's page has its own description, a page without one the site's.
  await page.goto('/sectors/energy');
  await expect(description).toHaveAttribute('content', sectors.find((sector) => sector.slug === 'energy')!.description);
  await page.goto('/no/such/page');
  await expect(description).toHaveAttribute('content', SITE_DESCRIPTION);
});

test("the portal's own pages follow the spec's links in the top bar, each marked as the page shown there and below it", async ({
  page,
  topBar,
}) => {
  await page.goto('/sectors');
  await topBar.expectLinks();
  for (const [name, path, heading] of [
    ['Counties', '/counties', 'Counties'],
    ['County map', '/maps/counties', 'County map'],
    ['Datasets', '/datasets', 'Datasets'],
  ] as const) {
    await topBar.link(name).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(topBar.link(name)).toHaveAttribute('aria-current', 'page');
    await expect(topBar.link('Sectors')).not.toHaveAttribute('aria-current', 'page');
  }
  await page.goto('/counties/compare?c=turkana');
  await expect(topBar.link('Counties')).toHaveAttribute('aria-current', 'page');
});

test('the language menu opens and closes by keyboard: arrows move, Escape returns to its button, a click elsewhere closes it', async ({
  page,
}) => {
  await page.goto('/');
  const toggle = page.locator('#language-menu');
  const list = page.locator('#language-menu-items');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(list).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(list.getByRole('button', { name: 'English' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(list.getByRole('button', { name: 'Kiswahili' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(list.getByRole('button', { name: 'English' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  await toggle.click();
  await expect(list).toBeVisible();
  await page.getByRole('heading', { level: 1 }).click();
  await expect(list).toBeHidden();
});
