import { expect, expectNoAxeViolations, test } from './fixtures/portal.ts';

test.describe('search box', () => {
  test('by keyboard on the landing page: / focuses it, arrows choose, Enter opens the timeseries page filled in', async ({
    page,
  }) => {
    await page.goto('/');
    const box = page.getByRole('main').getByRole('combobox', { name: 'Search the data' });
    await expect(box).toBeVisible();
    await page.keyboard.press('/');
    await expect(box).toBeFocused();
    await page.keyboard.type('rainfal turkan');
    const list = page.getByRole('main').getByRole('listbox', { name: 'Search the data' });
    await expect(list.getByRole('group', { name: 'Variables' })).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expectNoAxeViolations(page);

    await page.keyboard.press('ArrowDown');
    const first = list.getByRole('option').first();
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
    const title = (await first.locator('.search-box-title').textContent())!;
    const unit = (await first.locator('.search-box-subtitle').textContent())!.split(' · ')[0];
    expect(title).toMatch(/^Rainfall.* · Turkana$/);
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/sectors\/climate\/weather-observations\/timeseries\?/);
    const variable = title.replace(/ · Turkana$/, '');
    await expect(page.getByRole('checkbox', { name: `${variable} (${unit})`, exact: true })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Turkana', exact: true })).toBeChecked();
  });

  test('in the top bar: results grouped by kind, Escape closes, Enter with none chosen opens the search page, whose result opens its map; nothing found says so; a click opens a result', async ({
    page,
  }) => {
    await page.goto('/sectors');
    await expect(page.getByRole('heading', { level: 1, name: 'Sectors' })).toBeVisible();
    await page.keyboard.press('/');
    const box = page.getByRole('banner').getByRole('combobox', { name: 'Search the data' });
    await expect(box).toBeFocused();
    await box.fill('masinga');
    const list = page.getByRole('banner').getByRole('listbox');
    await expect(
      list.getByRole('group', { name: 'On the map' }).getByRole('option', { name: /Masinga\s*Dams/ }),
    ).toBeVisible();
    await expect(list.getByRole('group', { name: 'Places' })).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(box).toHaveValue('masinga');

    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/search?q=masinga');
    await expect(page.getByRole('heading', { level: 2, name: 'Results for “masinga”' })).toBeVisible();
    const dams = page.getByRole('region', { name: 'On the map' }).getByRole('listitem').filter({ hasText: 'Dams' });
    await dams.getByRole('link', { name: 'Masinga', exact: true }).click();
    await expect(page).toHaveURL(/show=Dams.*lat=.*lon=/);

    await box.fill('qqxqzzv');
    await expect(page.getByRole('banner').locator('.search-box-note')).toHaveText(
      'Nothing found for “qqxqzzv”. Try a shorter word or another spelling.',
    );
    await box.fill('nairobi');
    await page.getByRole('banner').getByRole('group', { name: 'Places' }).getByRole('option').first().click();
    await expect(page).toHaveURL(/\/counties\/nairobi$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nairobi County');
  });
});

test("the top bar's list of results stays inside the window at every width, on pages with and without the logo", async ({
  page,
}) => {
  for (const path of ['/sectors', '/about']) {
    await page.goto(path);
    for (const width of [320, 360, 768, 1024, 1366, 1920]) {
      await page.setViewportSize({ width, height: 800 });
      const box = page.getByRole('banner').getByRole('combobox', { name: 'Search the data' });
      await box.fill('turkana');
      const panel = page.getByRole('banner').locator('.search-box-popup');
      await expect(panel.getByRole('option').first()).toBeVisible();
      const { x, width: shown } = (await panel.boundingBox())!;
      expect(x, `${path} at ${width} px`).toBeGreaterThanOrEqual(0);
      expect(x + shown, `${path} at ${width} px`).toBeLessThanOrEqual(width);
      await box.fill('');
    }
  }
});
