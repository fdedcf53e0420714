import { readFileSync } from 'node:fs';
import { countyPath } from '@portal/contract/paths';
import { CountyMapPage } from './fixtures/county-map-page.ts';
import { expectNoAxeViolations } from './fixtures/portal.ts';
import { expect, test } from './fixtures/test.ts';

const RAIN = { source: 'climate/weather-observations', variable: 'Rainfall, 1-month rolling, anomaly' };
const MARCH_2024 = '2024-03-01';
const ACCESS = { source: 'energy/access', variable: 'Electricity access' };
/** Counties from every corner: the far north-west, the capital, the north-east, the coast, the west. */
const SOME_COUNTIES = ['turkana', 'nairobi', 'mandera', 'mombasa', 'vihiga', 'kajiado'];
/** A value as the page writes it at 10 and above: to one decimal. */
const oneDecimal = (value: number) => new Intl.NumberFormat('en', { maximumFractionDigits: 1 }).format(value);

test.describe('county map', () => {
  test("a shared link draws its period with each county in the colour of its class; the slider moves by keyboard; a county's value on hover, its panel on a click; the table sorts; the map and its values download; the panel leads to the county's timeseries", async ({
    page,
  }) => {
    const map = new CountyMapPage(page);
    const answer = await map.fromApi({ ...RAIN, period: MARCH_2024 });
    const february = await map.fromApi({ ...RAIN, period: '2024-02-01' });
    await map.open({ ...RAIN, period: MARCH_2024 }, MARCH_2024);
    await expect(
      page.getByRole('heading', { level: 2, name: `${RAIN.variable} (% of long-term average), March 2024` }),
    ).toBeVisible();
    await expect(map.periodLabel).toHaveText('March 2024');
    await expect(map.swatches).toHaveCount(answer.classes.breaks.length - 1 + 1);
    // Each swatch is drawn in its colour, the same as the map's counties of that class.
    for (const swatch of await map.swatches.all()) {
      const box = await swatch.boundingBox();
      expect(box!.width).toBeGreaterThan(10);
      expect(await swatch.evaluate((e) => getComputedStyle(e).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    }
    await map.expectFillsMatch(answer, SOME_COUNTIES);
    await expect(page.getByText(/^Quantiles of all [\d,]+ county values, January 2015 – /)).toBeVisible();
    await expect(
      page.getByText('The classes are the same in every period, so a colour means the same values throughout.'),
    ).toBeVisible();
    const source = page.locator('.choropleth-source');
    await expect(source).toContainText(answer.dataset.publisher);
    await expect(source).toContainText(`retrieved ${answer.dataset.retrieved}`);
    await expect(source.getByRole('link', { name: answer.dataset.title })).toHaveAttribute(
      'href',
      `/datasets/${answer.dataset.id}`,
    );
    await expectNoAxeViolations(page);

    // The slider, by keyboard: the period label, the address and the fills follow, without new history entries.
    const changed = answer.counties.find((c) => february.counties.find((f) => f.slug === c.slug)!.class !== c.class)!;
    expect(changed).toBeDefined();
    const before = await map.fillOf(changed.slug);
    const entries = await page.evaluate(() => history.length);
    await map.slider.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(map.periodLabel).toHaveText('February 2024');
    await expect(page).toHaveURL(/[?&]period=2024-02-01(&|$)/);
    await map.expectPeriodDrawn('2024-02-01');
    expect(await map.fillOf(changed.slug)).not.toBe(before);
    await map.expectFillsMatch(february, [changed.slug, ...SOME_COUNTIES]);
    await page.keyboard.press('ArrowRight');
    await map.expectPeriodDrawn(MARCH_2024);
    expect(await page.evaluate(() => history.length)).toBe(entries);

    // The table lists the 47 counties, sorts by value and by rank, and its top value is the API's rank 1.
    const first = answer.counties.find((c) => c.rank === 1)!;
    const last = [...answer.counties].sort((a, b) => a.value! - b.value!)[0];
    await expect(map.rows).toHaveCount(47);
    const valueHeader = map.table.getByRole('columnheader', { name: /^Value/ });
    await valueHeader.getByRole('button').focus();
    await page.keyboard.press('Enter');
    await expect(valueHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(map.rows.first()).toHaveAttribute('data-county', last.slug);
    await page.keyboard.press('Enter');
    await expect(valueHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(map.rows.first()).toHaveAttribute('data-county', first.slug);
    await expect(map.rows.first().getByRole('cell')).toHaveText([first.name, oneDecimal(first.value!), '1']);
    const rankHeader = map.table.getByRole('columnheader', { name: /^Rank/ });
    await rankHeader.getByRole('button').click();
    await expect(rankHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(valueHeader).not.toHaveAttribute('aria-sort');
    await expect(map.rows.first()).toHaveAttribute('data-county', first.slug);
    await expect(map.rows.last()).toHaveAttribute('data-county', last.slug);

    // The map as a PNG (drawn by the server) and its values as a CSV of 48 lines.
    const png = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download PNG' }).click();
    const image = readFileSync(await (await png).path());
    expect((await png).suggestedFilename()).toBe('rainfall-1-month-rolling-anomaly-2024-03-01.png');
    expect(image.subarray(1, 4).toString()).toBe('PNG');
    expect(image.length).toBeGreaterThan(20_000);
    const csv = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const lines = readFileSync(await (await csv).path(), 'utf8')
      .trimEnd()
      .split('\n');
    expect(lines).toHaveLength(48);
    expect(lines[0]).toBe('county,code,value,unit,period,source');
    const turkana = answer.counties.find((c) => c.slug === 'turkana')!;
    expect(lines).toContain(
      `Turkana,23,${turkana.value},% of long-term average,March 2024,"${answer.dataset.publisher}: ${answer.dataset.title}"`,
    );

    // Hovering a county shows its value; a click opens its panel, with links to its timeseries and profile.
    await map.county('turkana').hover();
    await expect(map.hoverInfo).toHaveText(`Turkana: ${oneDecimal(turkana.value!)} % of long-term average, March 2024`);
    await map.county('turkana').click();
    const panel = page.getByRole('region', { name: 'Turkana' });
    await expect(panel).toContainText(`Rank ${turkana.rank} of 47 counties with a value`);
    await expect(panel.getByRole('link', { name: 'Profile of Turkana' })).toHaveAttribute(
      'href',
      countyPath('turkana'),
    );
    const timeseries = panel.getByRole('link', { name: 'Turkana through time (timeseries page)' });
    await expect(timeseries).toHaveAttribute('href', turkana.url);
    await expectNoAxeViolations(page);
    await timeseries.click();
    await expect(page).toHaveURL(turkana.url);
    const params = new URL(page.url()).searchParams;
    expect(Object.fromEntries(params)).toEqual({
      start: answer.periods[0],
      end: answer.periods.at(-1),
      variable: RAIN.variable,
      location: 'Turkana',
    });
  });

  test('Play steps through the periods and stops at the last; for a visitor who asks for less motion it waits two seconds between periods', async ({
    page,
  }) => {
    const map = new CountyMapPage(page);
    const { periods } = await map.fromApi(RAIN);
    const start = periods.at(-3)!;
    await map.open({ ...RAIN, period: start }, start);
    await map.play.click();
    await expect(map.pause).toBeVisible();
    await map.expectPeriodDrawn(periods.at(-2)!);
    await map.expectPeriodDrawn(periods.at(-1)!);
    await expect(map.play).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`[?&]period=${periods.at(-1)}(&|$)`));

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await map.open({ ...RAIN, period: start }, start);
    // Timed on the page's own clock: a busy machine can only make a timer late, never early,
    // so the test does not depend on how fast this side of the browser reads the page.
    await map.recordPeriodChanges();
    await map.play.click();
    await map.expectPeriodDrawn(periods.at(-2)!);
    await map.pause.click();
    await expect(map.play).toBeVisible();
    const { clickedAt, changes } = await map.periodChanges();
    expect(changes[0].period).toBe(periods.at(-2));
    // At the usual pace (two a second) the next period would come after half a second.
    expect(changes[0].at - clickedAt).toBeGreaterThanOrEqual(1900);
  });

  test("a census figure with one period has no slider and gives Kenya's value; at 360 px the page does not scroll sideways, and the legend and slider come below the map", async ({
    page,
  }) => {
    const map = new CountyMapPage(page);
    const answer = await map.fromApi(ACCESS);
    await map.open(ACCESS, answer.period);
    await expect(map.slider).toHaveCount(0);
    await expect(page.getByText('Period: 2019 (the only one with county values).')).toBeVisible();
    await expect(page.locator('.choropleth-national')).toHaveText(
      `Kenya: ${oneDecimal(answer.national!)} % of conventional households, 2019`,
    );
    await map.expectFillsMatch(answer, SOME_COUNTIES);

    await page.setViewportSize({ width: 360, height: 740 });
    await map.open({ ...RAIN, period: MARCH_2024 }, MARCH_2024);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const mapBox = (await map.map.boundingBox())!;
    expect(mapBox.width).toBeGreaterThan(320);
    expect((await map.slider.boundingBox())!.y).toBeGreaterThan(mapBox.y + mapBox.height - 1);
    expect((await page.locator('.choropleth-legend').boundingBox())!.y).toBeGreaterThan(mapBox.y + mapBox.height);
  });
});
