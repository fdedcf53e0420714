import type { Locator, Page } from '@playwright/test';
import { API } from '@portal/contract/paths';
import { expect, expectNoAxeViolations, test } from './fixtures/portal.ts';
import { TimeseriesPage } from './fixtures/timeseries-page.ts';

// Census 2019 lighting table: one value for Kenya and each of the 47 counties, all dated 2019.
const ACCESS = 'Electricity access';
// WFP's monthly rainfall per county, from January 2015 on.
const RAINFALL = 'Rainfall, 1-month rolling';
const PHONE = { width: 360, height: 740 };
// The colours chart-state gives: the first line's own, and the neutral one of charts past twelve lines.
const FIRST_COLOUR = 'rgb(0, 114, 178)';
const NEUTRAL = 'rgb(140, 140, 140)';
const HIGHLIGHT = 'rgb(213, 94, 0)';

/** The query string of a choice, each location as its own parameter, as the page writes it. */
function query(start: string, end: string, variable: string, locations: string[]): string {
  const params = new URLSearchParams({ start, end, variable });
  for (const location of locations) params.append('location', location);
  return `?${params}`;
}

/**
 * The share of the canvas's width left of the first pixel drawn in `rgb` (of a line, not the grid
 * or the axes), or null when none is.
 */
function firstColumnOf(canvas: Locator, [red, green, blue]: [number, number, number]): Promise<number | null> {
  return canvas.evaluate(
    (element: HTMLCanvasElement, colour) => {
      const { width, height } = element;
      const pixels = element.getContext('2d')!.getImageData(0, 0, width, height).data;
      const near = (i: number) => colour.every((value, k) => Math.abs(pixels[i + k] - value) < 30);
      for (let x = 0; x < width; x++) for (let y = 0; y < height; y++) if (near((y * width + x) * 4)) return x / width;
      return null;
    },
    [red, green, blue],
  );
}

/** Whether `box` lies inside the viewport of `page`, top to bottom and side to side. */
async function onScreen(page: Page, box: Locator): Promise<boolean> {
  const shown = (await box.boundingBox())!;
  const { width, height } = page.viewportSize()!;
  return shown.x >= 0 && shown.x + shown.width <= width && shown.y >= 0 && shown.y + shown.height <= height;
}

test.describe('timeseries charts that fit their data', () => {
  let ts: TimeseriesPage;
  test.beforeEach(async ({ page }) => {
    ts = new TimeseriesPage(page);
  });

  test('electricity access for every place of the census, one date: bars by place, highest first, each with its value, and no legend; at 360 px the chart fits the screen', async ({
    page,
    request,
  }) => {
    const locations = ((await (await request.get(API.locations('energy', 'access'))).json()) as { name: string }[]).map(
      (l) => l.name,
    );
    expect(locations).toHaveLength(48);
    const answer = (await (
      await request.get(
        `/api/v1/sectors/energy/sources/access/observations${query('2019-01-01', '2019-12-31', ACCESS, locations)}&pageSize=100`,
      )
    ).json()) as { data: { value: number; location: string; unit: string }[] };
    const number = new Intl.NumberFormat('en', { maximumFractionDigits: 4 });
    const highestFirst = answer.data
      .toSorted((a, b) => b.value - a.value || a.location.localeCompare(b.location))
      .map((row) => `${row.location}: ${number.format(row.value)}`);
    expect(highestFirst).toHaveLength(48);

    await page.setViewportSize(PHONE);
    await ts.open('energy', 'access', query('2019-01-01', '2019-12-31', ACCESS, locations));
    await ts.preview.click();
    const chart = page.locator('.bar-chart');
    await expect(chart.locator('.chart-title')).toHaveText(`${ACCESS} (${answer.data[0].unit}): 2019`);
    await expect(chart.locator('.bar-values li')).toHaveText(highestFirst);
    await expect(page.locator('.series-chart')).toHaveCount(1);
    await expect(chart.locator('.u-legend')).toHaveCount(0);
    await expect(chart.locator('figcaption')).toContainText('Source: Kenya National Bureau of Statistics (KNBS).');
    // A row for each place, every one inside the phone's width; the value labels are drawn beside the bars.
    const canvas = chart.locator('canvas').first();
    const box = (await canvas.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(48 * 18);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await chart.locator('.chart-title').scrollIntoViewIfNeeded();
    expect(await onScreen(page, chart.locator('.chart-title'))).toBe(true);
    await expectNoAxeViolations(page);
  });

  test('rainfall for Turkana asked from 2010, held from 2015: the page says where the data start, and the chart spans 2010 to 2020 with nothing drawn before 2015', async ({
    page,
  }) => {
    await ts.open('climate', 'weather-observations', query('2010-01-01', '2020-12-31', RAINFALL, ['Turkana']));
    await ts.preview.click();
    await expect(ts.rows).toHaveCount(72);
    await expect(ts.chart).toBeVisible();
    // 2015 lies five elevenths along an axis from 2010 to the end of 2020, right of the y axis.
    const first = await firstColumnOf(ts.chart, [0, 114, 178]);
    expect(first).not.toBeNull();
    expect(first!).toBeGreaterThan(0.45);
    await expect(page.getByRole('list', { name: 'What the previewed series cover' })).toHaveText(
      `${RAINFALL} for Turkana starts in January 2015.`,
    );

    // Asked for the years it holds, the page has nothing to say and the line starts at the axis.
    await ts.open('climate', 'weather-observations', query('2015-01-01', '2020-12-31', RAINFALL, ['Turkana']));
    await ts.preview.click();
    await expect(ts.rows).toHaveCount(72);
    await expect(ts.chart).toBeVisible();
    expect(await firstColumnOf(ts.chart, [0, 114, 178])).toBeLessThan(0.2);
    await expect(page.getByRole('list', { name: 'What the previewed series cover' })).toHaveCount(0);
  });

  test('fourteen rainfall series: one neutral colour, a legend folded on a phone that keeps the chart on screen, and a filter that picks a county out', async ({
    page,
  }) => {
    const counties = ['Baringo', 'Garissa', 'Isiolo', 'Kisumu', 'Kitui', 'Mandera', 'Marsabit', 'Mombasa'];
    const more = ['Nairobi', 'Nakuru', 'Samburu', 'Turkana', 'Wajir', 'West Pokot'];
    await page.setViewportSize(PHONE);
    await ts.open(
      'climate',
      'weather-observations',
      query('2019-01-01', '2020-12-31', RAINFALL, [...counties, ...more]),
    );
    await ts.preview.click();
    const figure = page.locator('.series-chart');
    const legend = figure.locator('details.chart-legend');
    await expect(legend.locator('summary')).toHaveText('Legend: 14 series');
    await expect(legend).not.toHaveAttribute('open');
    await figure.scrollIntoViewIfNeeded();
    expect(await onScreen(page, figure.locator('canvas').first())).toBe(true);
    const markers = legend.locator('.u-series .u-marker');
    await expect(markers).toHaveCount(14);
    for (const marker of await markers.all()) await expect(marker).toHaveCSS('border-color', NEUTRAL);

    await legend.locator('summary').click();
    await legend.getByLabel('Filter the series').fill('turkana');
    const shown = legend.locator('.u-series:visible');
    await expect(shown).toHaveCount(1);
    await expect(shown).toContainText(`${RAINFALL} - Turkana (mm)`);
    await expect(shown.locator('.u-marker')).toHaveCSS('border-color', HIGHLIGHT);
    expect(await firstColumnOf(figure.locator('canvas').first(), [213, 94, 0])).not.toBeNull();
    await expectNoAxeViolations(page);

    // On a wide screen the legend opens in a short box under the chart, both in view at once.
    await page.setViewportSize({ width: 1366, height: 900 });
    await ts.open(
      'climate',
      'weather-observations',
      query('2019-01-01', '2020-12-31', RAINFALL, [...counties, ...more]),
    );
    await ts.preview.click();
    await expect(legend).toHaveAttribute('open');
    await legend.scrollIntoViewIfNeeded();
    expect(await onScreen(page, figure.locator('canvas').first())).toBe(true);
    expect(await onScreen(page, legend)).toBe(true);

    // Eight series keep their own colours and uPlot's legend beside the chart.
    await ts.open('climate', 'weather-observations', query('2019-01-01', '2020-12-31', RAINFALL, counties));
    await ts.preview.click();
    await expect(figure.locator('.u-legend .u-series')).toHaveCount(9);
    await expect(figure.locator('details.chart-legend')).toHaveCount(0);
    // Row 0 names the x axis; row 1 is the first line.
    await expect(figure.locator('.u-series .u-marker').nth(1)).toHaveCSS('border-color', FIRST_COLOUR);
  });
});
