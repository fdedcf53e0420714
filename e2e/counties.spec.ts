import { CountyListSchema, CountyProfileSchema } from '@portal/contract/counties';
import { API } from '@portal/contract/paths';
import { expect, expectNoAxeViolations, test } from './fixtures/portal.ts';

const ACCESS = 'Electricity access';

test.describe('county profiles', () => {
  test('a profile shows each figure with its period, rank and Kenya value, the rank checked against every county; prints on one A4 page with its sources and without navigation; a county without a monitored market says so; an unknown county does not exist', async ({
    page,
  }) => {
    const list = CountyListSchema.parse(await (await page.request.get(API.counties)).json());
    const column = list.headlines.findIndex((h) => h.variable === ACCESS);
    const values = list.counties.map((c) => c.values[column]!.value);
    const turkana = list.counties.find((c) => c.slug === 'turkana')!.values[column]!.value;
    // Worked out here from the list of all 47, apart from the profile's own ranking.
    const position = 1 + values.filter((v) => v > turkana).length;

    await page.goto('/counties/turkana');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Turkana County');
    await expect(main.getByRole('img', { name: 'Location of Turkana County in Kenya' })).toBeVisible();
    const card = main
      .locator('.county-figure')
      .filter({ has: page.getByRole('heading', { name: ACCESS, exact: true }) });
    await expect(card).toContainText(`${turkana} % of conventional households`);
    await expect(card).toContainText('2019');
    await expect(card).toContainText(`Rank ${position} of 47 counties`);
    await expect(
      main.getByText(/Ranks place the county among the counties with a value on the same date, 1 for the highest/),
    ).toBeVisible();
    await expect(card).toContainText('Kenya: 50.4 % of conventional households');
    await expect(card.getByRole('link', { name: 'Kenya National Bureau of Statistics (KNBS)' })).toHaveAttribute(
      'href',
      '/datasets/census-2019-lighting',
    );
    await expect(main.getByRole('heading', { name: 'Rainfall and vegetation' })).toBeVisible();
    // Turkana's profile has every topic, market prices included (the screens' axe check sees another county).
    await expectNoAxeViolations(page);
    await expect(card.getByRole('link', { name: `Map ${ACCESS} for all counties` })).toHaveAttribute(
      'href',
      '/maps/counties?source=energy%2Faccess&variable=Electricity+access&period=2019-01-01',
    );

    // Every topic, market prices included, prints on one A4 page with its sources.
    await expect(page.getByRole('region', { name: 'Market prices' }).locator('.county-figure').first()).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('heading', { name: 'Sources of these figures', level: 2 })).toBeVisible();
    const pdf = (await page.pdf({ format: 'A4' })).toString('latin1');
    expect(pdf.match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
    await page.emulateMedia({ media: 'screen' });
    await card.getByRole('link', { name: `Open the series of ${ACCESS} for Turkana` }).click();
    await expect(page).toHaveURL(/\/sectors\/energy\/access\/timeseries\?.*location=Turkana/);

    const prices = list.headlines.map((h, i) => (h.topic === 'prices' ? i : -1)).filter((i) => i >= 0);
    const without = list.counties.find((c) => prices.every((i) => c.values[i] === null))!;
    await page.goto(`/counties/${without.slug}`);
    const section = page.getByRole('region', { name: 'Market prices' });
    await expect(section).toContainText(`No market that WFP monitors in ${without.name} reports these prices.`);

    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print this profile' })).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await page.emulateMedia({ media: 'screen' });
    await page.goto('/counties/atlantis');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/not found|does not exist/i);
  });
});

test.describe('counties list and comparison', () => {
  test('a filter cleared and a sort chosen before the page has shown the first change both apply', async ({ page }) => {
    await page.goto("/counties?q=murang'a");
    const rows = page.getByRole('main').getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(2);
    // Both changes in one task: the second is made before React Router has applied the first, or React drawn it.
    await page.evaluate((sort) => {
      const box = document.querySelector<HTMLInputElement>('main input[type="search"]')!;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(box, '');
      box.dispatchEvent(new Event('input', { bubbles: true }));
      const select = document.querySelector<HTMLSelectElement>('main select')!;
      select.value = sort;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    }, ACCESS);
    await expect(page).toHaveURL(/sort=Electricity\+access/);
    await expect(rows).toHaveCount(48);
    expect(new URL(page.url()).searchParams.get('q') ?? '').toBe('');
  });

  test('the list finds a county by name, sorts by a headline figure, and the map opens a profile; compare sets up to four counties side by side with Kenya, chosen in the address', async ({
    page,
  }) => {
    const list = CountyListSchema.parse(await (await page.request.get(API.counties)).json());
    const column = list.headlines.findIndex((h) => h.variable === ACCESS);
    const highest = [...list.counties].sort((a, b) => b.values[column]!.value - a.values[column]!.value)[0];

    await page.goto('/counties');
    const main = page.getByRole('main');
    const rows = main.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(48);

    await main.getByLabel('Find a county').fill("murang'a");
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1).getByRole('link')).toHaveText("Murang'a");
    await main.getByLabel('Find a county').fill('');

    await main.getByLabel('Sort by').selectOption(ACCESS);
    await expect(page).toHaveURL(/sort=Electricity\+access/);
    await expect(rows.nth(1)).toContainText(highest.name);
    await expect(main.getByRole('columnheader', { name: `${ACCESS} (% of conventional households)` })).toHaveAttribute(
      'aria-sort',
      'descending',
    );

    await main.locator('[data-county="marsabit"]').click();
    await expect(page).toHaveURL('/counties/marsabit');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Marsabit County');

    const marsabit = CountyProfileSchema.parse(await (await page.request.get(API.county('marsabit'))).json());
    const access = marsabit.figures.find((f) => f.variable === ACCESS)!;

    await page.goto('/counties/compare?c=turkana&c=marsabit');
    const table = main.getByRole('table');
    await expect(table.locator('thead th')).toHaveText(['Figure', 'Turkana', 'Marsabit', 'Kenya']);
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${ACCESS}`) }) });
    await expect(row.getByRole('cell').nth(1)).toContainText(`${access.latest!.value} (2019)`);
    await expect(row.getByRole('cell').nth(1)).toContainText(`Rank ${access.rank!.position} of 47`);
    await expect(row.getByRole('cell').nth(2)).toContainText('50.4 (2019)');

    await main.getByLabel('Add a county').selectOption('Nairobi');
    await expect(page).toHaveURL('/counties/compare?c=turkana&c=marsabit&c=nairobi');
    await main.getByLabel('Add a county').selectOption('Mombasa');
    await expect(main.getByLabel('Add a county')).toBeDisabled();
    await expect(main.getByText('Four counties are the most this page compares.')).toBeVisible();
    await main.getByRole('button', { name: 'Remove Turkana' }).click();
    await expect(page).toHaveURL('/counties/compare?c=marsabit&c=nairobi&c=mombasa');
    await expect(table.locator('thead th')).toHaveText(['Figure', 'Marsabit', 'Nairobi', 'Mombasa', 'Kenya']);
  });
});
