import { readFile } from 'node:fs/promises';
import { API, datasetPath } from '@portal/contract/paths';
import { expect, expectNoAxeViolations, test } from './fixtures/portal.ts';
import { TimeseriesPage } from './fixtures/timeseries-page.ts';

// Census 2019 lighting table (data/sources): one yearly value per county.
const VARIABLE = 'Electricity access';
// WFP's monthly rainfall: a name with a comma, and its publisher's licence.
const RAINFALL = 'Rainfall, 1-month rolling';
const RAINFALL_QUERY = `?start=2024-01-01&end=2024-12-31&variable=${encodeURIComponent(RAINFALL)}&location=Turkana`;

interface VariableFacts {
  name: string;
  unit: string;
  dataset: { id: string; title: string; licence: string };
}

test.describe('timeseries page extras', () => {
  let ts: TimeseriesPage;
  test.beforeEach(async ({ page }) => {
    ts = new TimeseriesPage(page);
  });

  test("a variable's info opens by keyboard with its unit and dataset and closes with Escape; the code section gives the open API URL of the choice, which answers the rows the preview shows; the preview prints on A4 as its chart, every row, its sources and citation", async ({
    page,
    request,
  }) => {
    const variables = (await (
      await request.get(API.variables('climate', 'weather-observations'))
    ).json()) as VariableFacts[];
    const { unit, dataset } = variables.find((v) => v.name === RAINFALL)!;
    await ts.open('climate', 'weather-observations', RAINFALL_QUERY);

    // The button follows its toggle in the tab order and leaves the toggle's label as it was.
    await expect(page.getByLabel(`${RAINFALL} (${unit})`, { exact: true })).toBeChecked();
    const info = page.getByRole('button', { name: `About ${RAINFALL}`, exact: true });
    await ts.toggle(RAINFALL).focus();
    await page.keyboard.press('Tab');
    await expect(info).toBeFocused();
    await page.keyboard.press('Enter');
    const about = page.getByRole('dialog', { name: RAINFALL });
    await expect(about).toBeVisible();
    await expect(about).toBeFocused();
    await expect(about.locator('dt').first()).toHaveText('Unit');
    await expect(about.locator('dd').first()).toHaveText(unit);
    await expect(about.getByRole('link', { name: dataset.title })).toHaveAttribute('href', datasetPath(dataset.id));
    await page.keyboard.press('Tab');
    await expect(about.getByRole('link', { name: dataset.title })).toBeFocused();
    expect(dataset.licence).toMatch(/^CC BY 3\.0 IGO/);
    await expect(about).toContainText(dataset.licence);
    await expect(about.locator('.badge')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(about).toHaveCount(0);
    await expect(info).toBeFocused();
    await expect(info).toHaveAttribute('aria-expanded', 'false');

    await ts.preview.click();
    await expect(ts.rows).toHaveCount(12);
    await page.getByText('Use this data in code').click();
    const url = (await page.locator('.code-use .code-url').textContent())!;
    expect(new URL(url).searchParams.getAll('variable')).toEqual([RAINFALL]);
    const answer = (await (await request.get(url)).json()) as {
      data: { timestamp: string; location: string }[];
      total: number;
    };
    expect(answer.total).toBe(await ts.rows.count());
    expect(answer.data.map((row) => row.timestamp)).toEqual(await ts.rows.locator('td:first-child').allTextContents());
    expect(new Set(answer.data.map((row) => row.location))).toEqual(new Set(['Turkana']));
    await expect(page.locator('.code-use pre').nth(1)).toContainText(`"variable": ["${RAINFALL}"]`);
    await expect(page.locator('.code-use pre').nth(2)).toContainText(`variable = c("${RAINFALL}")`);
    await expectNoAxeViolations(page);

    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Data versions' })).toBeHidden();
    await expect(ts.preview).toBeHidden();
    await expect(ts.start).toBeHidden();
    await expect(page.getByText('Use this data in code')).toBeHidden();
    // The choice shows as one line, with the address that reproduces it.
    await expect(page.getByText(`Preview of ${RAINFALL} for Turkana, 2024-01-01 to 2024-12-31.`)).toContainText(
      page.url(),
    );
    await expect(ts.chart).toBeVisible();
    // Every row, not a scroll box of some.
    const box = page.locator('.results-table');
    expect(await box.evaluate((element) => element.scrollHeight - element.clientHeight)).toBe(0);
    await expect(ts.rows.last()).toBeVisible();
    await expect(page.locator('.dataset-citation .citation-apa')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy citation' })).toBeHidden();
    const pdf = (await page.pdf({ format: 'A4' })).toString('latin1');
    // A year of one series: chart and table on one sheet, its sources and citation on the next.
    expect(pdf.match(/\/Type\s*\/Page[^s]/g)?.length).toBeLessThanOrEqual(2);
  });

  test("a variable's info shows whole on a phone, over the list that scrolls, and follows its button; the code section asks for a complete choice first; a preview's citation names the dataset version, in the text, the BibTeX and the CITATION.cff", async ({
    page,
    request,
    context,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await ts.open('energy', 'access');
    const info = page.getByRole('button', { name: `About ${VARIABLE}`, exact: true });
    await info.scrollIntoViewIfNeeded();
    await info.click();
    const about = page.getByRole('dialog', { name: VARIABLE });
    await expect(about).toBeVisible();
    const box = (await about.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(740);
    // Nothing of the page lies over its corners: the list holding the button does not clip it.
    for (const [x, y] of [
      [box.x + 4, box.y + 4],
      [box.x + box.width - 4, box.y + box.height - 4],
    ]) {
      expect(
        await page.evaluate(([px, py]) => document.elementFromPoint(px, py)?.closest('[role=dialog]') !== null, [x, y]),
      ).toBe(true);
    }
    const button = (await info.boundingBox())!;
    await page.mouse.move(180, 20);
    await page.mouse.wheel(0, 60);
    await expect.poll(async () => (await info.boundingBox())!.y).toBeLessThan(button.y - 30);
    await expect
      .poll(async () => (await about.boundingBox())!.y - (await info.boundingBox())!.y)
      .toBeCloseTo(box.y - button.y, 0);

    await page.setViewportSize({ width: 1280, height: 720 });
    await ts.open('energy', 'access');
    await page.getByText('Use this data in code').click();
    await expect(page.locator('.code-use')).toContainText('Choose a time period, variables and locations');
    await expect(page.locator('.code-use pre')).toHaveCount(0);

    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const variables = (await (await request.get(API.variables('energy', 'access'))).json()) as VariableFacts[];
    const { id } = variables.find((v) => v.name === VARIABLE)!.dataset;
    const { version } = (await (await request.get(API.dataset(id))).json()) as { version: string };
    expect(version).toMatch(/^[0-9a-f]{12}$/);
    await ts.open(
      'energy',
      'access',
      `?start=2019-01-01&end=2019-12-31&variable=${encodeURIComponent(VARIABLE)}&location=Nairobi`,
    );
    await ts.preview.click();
    await expect(ts.rows).toHaveCount(1);
    const sources = page.getByRole('region', { name: 'Sources of the previewed data' });
    const citation = sources.locator('.dataset-citation');
    await expect(citation).toContainText(`(Version ${version}) [Data set]. Retrieved`);
    await expect(citation).toContainText(`${new URL(page.url()).origin}/datasets/${id}`);
    await citation.getByRole('button', { name: 'Copy citation' }).click();
    await expect(citation.locator('.copy-outcome').first()).toHaveText('Copied.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`(Version ${version})`);
    await citation.getByText('BibTeX', { exact: true }).click();
    await expect(citation.locator('pre')).toContainText(`@misc{${id}-${version},`);
    const download = page.waitForEvent('download');
    await citation.getByRole('button', { name: 'Download CITATION.cff' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('CITATION.cff');
    const cff = await readFile(await file.path(), 'utf8');
    expect(cff).toContain(`version: "${version}"`);
    expect(cff).toContain(`url: "${new URL(page.url()).origin}/datasets/${id}"`);
  });
});
