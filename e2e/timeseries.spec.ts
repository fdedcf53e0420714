import { expect, expectNoAxeViolations, test } from './fixtures/portal.ts';
import { TimeseriesPage } from './fixtures/timeseries-page.ts';

// Census 2019 lighting table: 'Electricity access' for Kenya and the 47 counties (data/sources).
const VARIABLE = 'Electricity access';
const RANGE = ['01/01/2019', '12/31/2019'] as const;

test.describe('timeseries page', () => {
  let ts: TimeseriesPage;
  test.beforeEach(async ({ page }) => {
    ts = new TimeseriesPage(page);
  });

  test("the controls of the spec with real variables (units) and locations; a typed date opens the calendar once it has loaded; every validation alert; no future dates; a long list filtered and selected at once; a source without data's empty states", async ({
    page,
  }) => {
    await ts.open('energy', 'access');
    await expect(ts.panel.getByText('Select a time period for the data')).toBeVisible();
    await expect(ts.start).toHaveAttribute('required', '');
    await expect(ts.end).toHaveAttribute('required', '');
    await expect(ts.panel.getByText('Select data variable(s)')).toBeVisible();
    await expect(ts.panel.getByText('Select location(s)')).toBeVisible();
    await expect(page.getByLabel(/^Electricity access \(%/)).toBeVisible();
    for (const county of ['Nairobi', 'Taita Taveta', 'Homa Bay', 'Elgeyo Marakwet'])
      await expect(ts.toggle(county)).toBeVisible();
    await expect(ts.rows.first()).toHaveText('------------');
    await expect(ts.panel.getByText('For full data, click on the export button.')).toHaveCount(0);

    // The calendar opens on the field being typed in once it has loaded, keeping what was typed.
    await ts.start.pressSequentially('03/1');
    await expect(ts.start).toHaveValue('03/1');
    await ts.start.pressSequentially('5/2019');
    await expect(page.locator('.react-datepicker')).toBeVisible();
    await expect(ts.start).toBeFocused();
    await expect(ts.start).toHaveValue('03/15/2019');
    await expect(page.locator('.react-datepicker__month-select')).toHaveValue('2');
    await page.locator('.react-datepicker__day--020:not(.react-datepicker__day--outside-month)').click();
    await expect(ts.start).toHaveValue('03/20/2019');

    // Empty, the calendar opens on this month, and offers no day after today.
    await ts.open('energy', 'access');
    await ts.start.click();
    const next = new Date();
    next.setDate(next.getDate() + 1);
    await expect(page.locator('.react-datepicker')).toBeVisible();
    const tomorrow = page.locator(
      `.react-datepicker__day--0${String(next.getDate()).padStart(2, '0')}:not(.react-datepicker__day--outside-month)`,
    );
    if (next.getMonth() === new Date().getMonth()) await expect(tomorrow).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('Escape');
    await expect(page.locator('.react-datepicker')).toHaveCount(0);

    await ts.preview.click();
    await ts.expectAlert('Select Time Range');
    await ts.setRange('12/31/2019', '01/01/2019');
    await ts.preview.click();
    await ts.expectAlert('Starting date should not be more than ending date');
    await ts.setRange(...RANGE);
    await ts.preview.click();
    await ts.expectAlert('No variable selected!');
    await ts.check(VARIABLE);
    await ts.exportButton.click();
    await ts.expectAlert('No location selected!');
    await ts.typeDate(ts.start, '31/12/2019');
    await ts.expectAlert('Date input not valid.');

    const filter = ts.panel.getByLabel('Filter: Select location(s)');
    await filter.fill('bay');
    await expect(ts.toggle('Homa Bay')).toBeVisible();
    await expect(ts.toggle('Nairobi')).toHaveCount(0);
    await ts.panel.getByRole('button', { name: 'Select all shown' }).nth(0).click();
    await filter.fill('');
    await expect(ts.toggle('Homa Bay')).toBeChecked();
    await expect(ts.toggle('Nairobi')).not.toBeChecked();

    await ts.open('water', 'aquifer-systems');
    await expect(ts.panel.getByText('No data variables available yet for this data source')).toBeVisible();
    await expect(ts.panel.getByText('No location available yet.')).toBeVisible();
  });

  test('loads the calendar only when a date field is reached, and takes typed dates without it', async ({ page }) => {
    const calendarChunk = /\/assets\/date-range-calendar-[\w-]+\.js$/;
    const asked: string[] = [];
    page.on('request', (request) => {
      if (calendarChunk.test(request.url())) asked.push(request.url());
    });
    // The calendar never arrives, as on a connection that dropped.
    await page.route(calendarChunk, (route) => route.abort());
    await ts.open('energy', 'access');
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);

    await ts.setRange(...RANGE);
    expect(asked.length).toBeGreaterThan(0);
    await expect(ts.start).toHaveValue(RANGE[0]);
    await expect(ts.end).toHaveValue(RANGE[1]);
    await ts.check(VARIABLE, 'Nairobi');
    await ts.preview.click();
    await expect(ts.rows).toHaveCount(1);
    await ts.typeDate(ts.start, '31/12/2019');
    await ts.expectAlert('Date input not valid.');
    await expect(ts.start).toHaveValue(RANGE[0]);
    await expect(page.locator('.react-datepicker')).toHaveCount(0);
  });

  test('previews real rows, draws the chart and keeps the query in the URL, which opens the same choice; shows under the preview where its numbers come from; leaves out, once and visibly, what a shared link names that the source does not offer', async ({
    page,
    request,
  }) => {
    await ts.open('energy', 'access');
    await ts.setRange(...RANGE);
    await ts.check(VARIABLE, 'Nairobi', 'Kisumu');
    await ts.preview.click();
    await expect(ts.rows).toHaveCount(2);
    const api = await request.get(
      `/api/v1/sectors/energy/sources/access/observations?start=2019-01-01&end=2019-12-31&variable=${encodeURIComponent(VARIABLE)}&location=Kisumu&location=Nairobi`,
    );
    const expected = (await api.json()).data as { timestamp: string; value: number; location: string; unit: string }[];
    expect(expected).toHaveLength(2);
    for (const [i, row] of expected.entries()) {
      const cells = ts.rows.nth(i).locator('td');
      await expect(cells.nth(0)).toHaveText('2019');
      await expect(cells.nth(1)).toHaveText(`${VARIABLE} (${row.unit})`);
      await expect(cells.nth(2)).toHaveText(
        new Intl.NumberFormat('en', { maximumFractionDigits: 4 }).format(row.value),
      );
      await expect(cells.nth(3)).toHaveText(row.location);
    }
    await expect(ts.panel.getByText('For full data, click on the export button.')).toBeVisible();
    await expect(ts.chart).toBeVisible();
    // One date across places: bars, highest first, each with its value.
    const number = new Intl.NumberFormat('en', { maximumFractionDigits: 4 });
    await expect(page.locator('.bar-chart .bar-values li')).toHaveText(
      expected.toSorted((a, b) => b.value - a.value).map((row) => `${row.location}: ${number.format(row.value)}`),
    );
    await expect.poll(() => new URL(page.url()).searchParams.getAll('location').sort()).toEqual(['Kisumu', 'Nairobi']);
    const url = new URL(page.url());
    expect(url.searchParams.get('start')).toBe('2019-01-01');
    expect(url.searchParams.get('end')).toBe('2019-12-31');
    expect(url.searchParams.getAll('location').sort()).toEqual(['Kisumu', 'Nairobi']);

    await page.goto(url.pathname + url.search);
    await expect(ts.start).toHaveValue('01/01/2019');
    await expect(ts.end).toHaveValue('12/31/2019');
    await expect(ts.toggle('Kisumu')).toBeChecked();
    await expect(ts.toggle(VARIABLE)).toBeChecked();
    await ts.preview.click();
    await expect(ts.rows).toHaveCount(2);

    const variables = (await (await request.get('/api/v1/sectors/energy/sources/access/variables')).json()) as {
      name: string;
      code: string;
      definition: string;
      dataset: {
        id: string;
        title: string;
        publisher: string;
        licence: string;
        citation: string;
        sourceUrl: string;
        retrieved: string;
      };
    }[];
    const { dataset, code, definition } = variables.find((v) => v.name === VARIABLE)!;
    const sources = page.getByRole('region', { name: 'Sources of the previewed data' });
    await expect(sources.getByRole('link', { name: dataset.title })).toHaveAttribute('href', `/datasets/${dataset.id}`);
    await expect(sources.locator(`a[href="${dataset.sourceUrl}"]`)).toContainText(dataset.sourceUrl);
    for (const text of [dataset.publisher, dataset.licence, dataset.citation, dataset.retrieved, code, definition])
      await expect(sources).toContainText(text);
    await expect(page.locator('.series-chart figcaption')).toContainText(`Source: ${dataset.publisher}.`);
    await expectNoAxeViolations(page);

    await ts.open(
      'energy',
      'access',
      `?variable=${encodeURIComponent(VARIABLE)}&variable=No+such+thing&location=Atlantis&location=Nairobi`,
    );
    await expect(page.getByRole('alert')).toHaveText(
      'Not offered by this source, so left out of the selection: No such thing, Atlantis.',
    );
    await expect(ts.panel.getByText(/^1 of \d+ selected$/)).toHaveCount(2);
    await ts.check('Kisumu');
    await expect(page.getByRole('alert')).toHaveCount(0);
    // The address follows the choice with a navigation of its own, which React Router completes asynchronously.
    const shared = (name: string) => new URL(page.url()).searchParams.getAll(name);
    await expect.poll(() => shared('location')).toEqual(['Nairobi', 'Kisumu']);
    expect(shared('variable')).toEqual([VARIABLE]);
  });

  test('climate normals come with their reference period, charted by calendar month; the page says how recent the source data is', async ({
    page,
    request,
  }) => {
    const source = (await (await request.get('/api/v1/sectors/climate/sources/weather-observations')).json()) as {
      dataUntil: string;
    };
    expect(source.dataUntil).toMatch(/^\d{4}-\d{2}$/);
    const normal = 'Rainfall Monthly Average(mm)';
    await ts.open(
      'climate',
      'weather-observations',
      `?start=2000-01-01&end=2020-12-31&variable=${encodeURIComponent(normal)}&location=Coast`,
    );
    await expect(page.getByText(`Timeseries data up to ${source.dataUntil}`)).toBeVisible();
    await ts.preview.click();
    await expect(ts.rows).toHaveCount(12);
    await expect(ts.rows.first().locator('td').first()).toHaveText('Jan 1991-2020');
    await expect(ts.rows.last().locator('td').first()).toHaveText('Dec 1991-2020');
    await expect(page.locator('.series-chart')).toContainText(`${normal} - Coast (1991-2020)`);
    await expect(page.locator('.series-chart figcaption')).toContainText(
      'Climate normals by calendar month of 1 series',
    );
  });

  test('the energy models run to 2050: the calendar offers their years and a preview to 2050 shows them; a source of observations stops at today', async ({
    page,
  }) => {
    const variable = 'PSM v2 capital cost per GW, base scenario';
    const location = 'Geothermal power plant 10 (PWRGEO010)';
    await ts.open(
      'energy',
      'models',
      `?variable=${encodeURIComponent(variable)}&location=${encodeURIComponent(location)}`,
    );
    await expect(page.locator('.beyond-today')).toHaveText(
      'Some series of this source run beyond today, to 2050 (model inputs and projections): dates can be chosen up to 12/31/2050.',
    );
    await ts.typeDate(ts.start, '01/01/2045');
    await ts.end.click();
    await expect(page.locator('.react-datepicker')).toBeVisible();
    await page.locator('.react-datepicker__year-select').selectOption('2050');
    await page.locator('.react-datepicker__month-select').selectOption('11');
    await page.locator('.react-datepicker__day--031:not(.react-datepicker__day--outside-month)').click();
    await expect(ts.end).toHaveValue('12/31/2050');
    await ts.preview.click();
    await expect(ts.rows).toHaveCount(6);
    await expect(ts.rows.last().locator('td').first()).toHaveText('2050');
    await expect(ts.chart).toBeVisible();
    await expect.poll(() => new URL(page.url()).searchParams.get('end')).toBe('2050-12-31');

    await ts.open(
      'energy',
      'access',
      `?variable=${encodeURIComponent(VARIABLE)}&location=Nairobi&start=2019-01-01&end=${new Date().getFullYear() + 1}-01-01`,
    );
    await expect(page.locator('.beyond-today')).toHaveCount(0);
    await ts.preview.click();
    await ts.expectAlert('Dates cannot be later than today.');
  });

  test('preview and export: busy states, the info and failure alerts, a query too large to preview, and a visitor not logged in sent to /login', async ({
    page,
  }) => {
    await ts.open(
      'energy',
      'access',
      `?start=1950-01-01&end=1950-12-31&variable=${encodeURIComponent(VARIABLE)}&location=Nairobi`,
    );
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/get-data/', async (route) => {
      await held;
      await route.continue();
    });
    await ts.preview.click();
    await expect(page.getByRole('button', { name: 'loading preview content...' })).toBeDisabled();
    release();
    await ts.expectAlert('No data found for the selected time period, variables and locations.');
    await page.unroute('**/api/get-data/');
    await page.route('**/api/get-data/', (route) => route.abort());
    await ts.preview.click();
    await ts.expectAlert('Encountered error when previewing');
    await page.unroute('**/api/get-data/');

    await ts.open('energy', 'models', '?start=1900-01-01&end=2026-01-01');
    // Both lists loaded (nothing chosen yet), so that Select all has something to choose.
    await expect(ts.panel.getByText(/^0 of [1-9][\d,]* selected$/)).toHaveCount(2);
    for (const list of [0, 1])
      await ts.panel.getByRole('button', { name: 'Select all', exact: true }).nth(list).click();
    await ts.preview.click();
    await expect(ts.alert).toHaveText(
      /^This query asks for up to [\d,]+ values \(\d+ variable\(s\) at \d+ location\(s\), up to \d+ dates each\), more than the 200,000 one query may ask for\. Choose fewer variables, fewer locations or a shorter time period\.$/,
    );
    await expect(ts.rows.first()).toHaveText('------------');

    // Export, logged in (the login check and the session-guarded call stood in for): busy, then the failure alert.
    const exportQuery = `?start=2019-01-01&end=2019-12-31&variable=${encodeURIComponent(VARIABLE)}&location=Nairobi`;
    await ts.open('energy', 'access', exportQuery);
    await page.evaluate(() => localStorage.setItem('email', 'someone@example.org'));
    let releaseExport!: () => void;
    const exportHeld = new Promise<void>((resolve) => (releaseExport = resolve));
    await page.route('**/api/check/', (route) => route.fulfill({ json: { status: true } }));
    await page.route('**/api/timeseries-download/', async (route) => {
      await exportHeld;
      await route.fulfill({ status: 500, json: { error: 'broken', code: 'INTERNAL', requestId: 'x' } });
    });
    await ts.exportButton.click();
    await expect(page.getByRole('button', { name: 'Exporting...' })).toBeDisabled();
    releaseExport();
    await ts.expectAlert('Failed to export data, try again');
    await expect(ts.exportButton).toBeEnabled();

    await page.unroute('**/api/check/');
    await page.evaluate(() => localStorage.clear());
    await ts.open('energy', 'access', exportQuery);
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.dismiss();
    });
    await ts.exportButton.click();
    await expect(page).toHaveURL(/\/login$/);
    expect(alerts).toEqual(['Login first to export data.']);
  });
});
