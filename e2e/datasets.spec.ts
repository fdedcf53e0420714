import { readFileSync } from 'node:fs';
import { z } from 'zod/mini';
import { DatasetDetailSchema, DatasetSummarySchema } from '@portal/contract/datasets';
import { API } from '@portal/contract/paths';
import { loggedIn } from './fixtures/accounts.ts';
import { expect, test } from './fixtures/portal.ts';
import { uniqueEmail } from './fixtures/test.ts';

const WDI = 'wdi-kenya';
const count = (value: number) => new Intl.NumberFormat('en').format(value);

test.describe('dataset list', () => {
  test('lists every dataset the API lists; the filter narrows it in the address; it sorts by the last date from the address, and a title opens its page', async ({
    page,
  }) => {
    const datasets = z.array(DatasetSummarySchema).parse(await (await page.request.get(API.datasets)).json());
    expect(datasets.length).toBeGreaterThan(1);
    await page.goto('/datasets');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Datasets');
    const rows = main.getByRole('table').getByRole('row');
    // One header row, then a row per dataset.
    await expect(rows).toHaveCount(datasets.length + 1);
    await expect(main.getByText(`Showing ${datasets.length} of ${datasets.length} datasets.`)).toBeVisible();
    const wdi = datasets.find((d) => d.id === WDI)!;
    const wdiRow = rows.filter({ has: page.getByRole('link', { name: wdi.title, exact: true }) });
    await expect(wdiRow).toContainText(wdi.publisher);
    await expect(wdiRow).toContainText(`${wdi.first} to ${wdi.last}`);
    await expect(wdiRow).toContainText(count(wdi.valueCount));
    const toVerify = datasets.filter((d) => d.licenceToVerify).length;
    await expect(main.getByText('to verify', { exact: true })).toHaveCount(toVerify);

    await main.getByLabel('Filter by title or publisher').fill('world bank');
    const matching = datasets.filter((d) => `${d.title} ${d.publisher}`.toLowerCase().includes('world bank'));
    expect(matching.length).toBeGreaterThan(0);
    expect(matching.length).toBeLessThan(datasets.length);
    await expect(rows).toHaveCount(matching.length + 1);
    await expect(page).toHaveURL('/datasets?q=world+bank');

    await main.getByLabel('Filter by title or publisher').fill('qqxqzzv');
    await expect(main.getByText('No dataset matches “qqxqzzv”.')).toBeVisible();
    await expect(main.getByRole('table')).toHaveCount(0);

    const newest = [...datasets].sort(
      (a, b) => (b.last ?? '').localeCompare(a.last ?? '') || a.title.localeCompare(b.title),
    )[0];
    await page.goto('/datasets?sort=last');
    await expect(main.getByLabel('Sort by')).toHaveValue('last');
    const firstRow = main.getByRole('table').getByRole('row').nth(1);
    await expect(firstRow.getByRole('link')).toHaveText(newest.title);
    await main.getByLabel('Sort by').selectOption('title');
    await expect(page).toHaveURL('/datasets');
    await main.getByLabel('Filter by title or publisher').fill('World Development');
    await main.getByRole('link', { name: 'World Development Indicators: Kenya' }).click();
    await expect(page).toHaveURL(`/datasets/${WDI}`);
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('World Development Indicators: Kenya');
  });
});

test.describe('dataset page', () => {
  test('shows the provenance, version, coverage, versions and sources as the API gives them; cites the version in APA, BibTeX and a CITATION.cff download, and describes itself in JSON-LD', async ({
    page,
  }) => {
    const dataset = DatasetDetailSchema.parse(await (await page.request.get(API.dataset(WDI))).json());
    await page.goto(`/datasets/${WDI}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(dataset.title);
    await expect(main.locator('.dataset-facts')).toContainText(dataset.publisher);
    await expect(main.locator('.dataset-facts')).toContainText(dataset.licence);
    await expect(main.locator('.dataset-facts')).toContainText(`${dataset.version}, loaded`);
    await expect(main.locator('.dataset-facts')).toContainText(dataset.checksum);

    const { coverage } = dataset;
    await expect(main.locator('.dataset-coverage-summary')).toHaveText(
      `${count(coverage.valueCount)} values for ${coverage.places.count} country from ${coverage.first} to ${coverage.last}, in ${count(coverage.variables.length)} variables.`,
    );
    const variables = main.getByRole('region', { name: 'Variables of the dataset' }).getByRole('row');
    await expect(variables).toHaveCount(coverage.variables.length + 1);
    const [firstVariable] = coverage.variables;
    await expect(variables.nth(1)).toHaveText(
      [
        firstVariable.name,
        firstVariable.unit,
        'Yearly',
        firstVariable.first,
        firstVariable.last,
        count(firstVariable.valueCount),
      ].join(''),
    );
    const chart = main.getByRole('img', { name: /^Bar chart of the number of values per year/ });
    await expect(chart).toBeVisible();
    await expect(chart.locator('rect')).toHaveCount(
      coverage.valuesPerYear.at(-1)!.year - coverage.valuesPerYear[0].year + 1,
    );
    const yearTable = main.locator('.coverage-numbers tbody tr');
    await expect(yearTable).toHaveCount(coverage.valuesPerYear.length);

    const versions = main.locator('.dataset-versions li');
    await expect(versions).toHaveCount(dataset.versions.length);
    await expect(versions.first()).toContainText(`version ${dataset.version}`);
    await expect(versions.last()).toContainText('The first load, with nothing before it to compare.');

    const sources = main.locator('.dataset-sources').getByRole('link');
    await expect(sources).toHaveCount(dataset.sources.length);
    await expect(sources.first()).toHaveAttribute('href', dataset.sources[0].page);
    await expect(main.getByRole('link', { name: 'The values as JSON, page by page' })).toHaveAttribute(
      'href',
      API.datasetObservations(WDI),
    );

    await expect(main.locator('.citation-apa')).toContainText(`(Version ${dataset.version}) [Data set]`);
    await expect(main.locator('.citation-bibtex')).toContainText(`@misc{${WDI}-${dataset.version},`);
    await expect(main.locator('.citation-bibtex')).toContainText(`version = {${dataset.version}}`);

    const download = page.waitForEvent('download');
    await main.getByRole('button', { name: 'Download CITATION.cff' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('CITATION.cff');
    const cff = readFileSync(await file.path(), 'utf8');
    expect(cff).toContain('cff-version: 1.2.0');
    expect(cff).toContain(`version: "${dataset.version}"`);

    const jsonLd = page.locator('script[type="application/ld+json"]');
    await expect(jsonLd).toHaveCount(1);
    const described = JSON.parse((await jsonLd.textContent())!) as Record<string, unknown>;
    expect(described).toMatchObject({
      '@type': 'Dataset',
      name: dataset.title,
      version: dataset.version,
      identifier: WDI,
    });
    // It leaves with the page.
    await main.getByRole('link', { name: 'Datasets', exact: true }).click();
    await expect(page).toHaveURL('/datasets');
    await expect(jsonLd).toHaveCount(0);
  });

  test('the CSV asks a visitor to log in, and downloads for a logged-in user; an unknown or malformed id shows the not-found page', async ({
    page,
    notFound,
  }) => {
    await page.goto(`/datasets/${WDI}`);
    const main = page.getByRole('main');
    await expect(main.locator('.dataset-login-needed')).toHaveText(
      'Downloading the CSV needs an account: log in or sign up first.',
    );
    await expect(main.locator('.dataset-login-needed').getByRole('link', { name: 'log in' })).toHaveAttribute(
      'href',
      '/login',
    );
    await expect(main.getByRole('link', { name: 'Every value as CSV' })).toHaveCount(0);

    await loggedIn(page, uniqueEmail('dataset-csv'), `/datasets/${WDI}`);
    const link = main.getByRole('link', { name: 'Every value as CSV' });
    await expect(link).toHaveAttribute('href', API.datasetObservationsCsv(WDI));
    await expect(main.locator('.dataset-login-needed')).toHaveCount(0);
    const download = page.waitForEvent('download');
    await link.click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^${WDI}-[0-9a-f]{12}\\.csv$`));
    const [header] = readFileSync(await file.path(), 'utf8').split('\n');
    expect(header).toBe('timestamp,variable,value,unit,location,dataset');

    for (const path of ['/datasets/no-such-dataset', '/datasets/Not_An_Id']) {
      await page.goto(path);
      await notFound.expectShown();
    }
  });
});
