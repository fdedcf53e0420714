import type { Locator, Page } from '@playwright/test';
import { IMAGE_SIZES } from '@portal/contract/image-sizes';
import { PALETTE, pngHeader } from '@portal/testing/png';
import { ImageDataSchema } from '@portal/contract/images';
import { embedSnippet, viewEmbedPath } from '@portal/contract/share-links';
import { expect, expectNoAxeViolations, test } from './fixtures/portal.ts';
import { TimeseriesPage } from './fixtures/timeseries-page.ts';

const MAP = {
  source: 'climate/weather-observations',
  variable: 'Rainfall, 1-month rolling, anomaly',
  period: '2024-03-01',
};
const mapAddress = `/maps/counties?${new URLSearchParams(MAP).toString()}`;

/** Opens the Share dialog from the keyboard and returns it with its button. */
async function openShare(
  page: Page,
  names = { button: 'Share', dialog: 'Share this view' },
): Promise<{ button: Locator; dialog: Locator }> {
  const button = page.getByRole('button', { name: names.button });
  await button.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: names.dialog });
  await expect(dialog).toBeVisible();
  return { button, dialog };
}

/** The focus is on the dialog or inside it (the dialog takes it itself when it opens). */
const expectFocusIn = (dialog: Locator) =>
  expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);

/** What a download link of the dialog answers: its status, type and body. */
async function fetchLink(page: Page, dialog: Locator, name: string) {
  const href = await dialog.getByRole('link', { name }).getAttribute('href');
  const answer = await page.request.get(href!);
  return { href: href!, status: answer.status(), type: answer.headers()['content-type'], body: await answer.body() };
}

const svgTitle = (svg: string) => /<title[^>]*>([^<]*)<\/title>/.exec(svg)?.[1] ?? '';
const svgDesc = (svg: string) => /<desc[^>]*>([^<]*)<\/desc>/.exec(svg)?.[1] ?? '';

test.describe('sharing a view', () => {
  test('the Share dialog works by keyboard: focus stays inside, Escape closes it and the focus returns to its button; it passes axe; it offers the link, the embed snippet and the images and data of exactly the map shown', async ({
    page,
    baseURL,
  }) => {
    await page.goto(mapAddress);
    await expect(page.getByRole('heading', { level: 2, name: /March 2024$/ })).toBeVisible();
    const { button, dialog } = await openShare(page);
    await expectFocusIn(dialog);

    // Tab and Shift+Tab go round inside the dialog, never back to the page behind it.
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      await expectFocusIn(dialog);
    }
    for (let i = 0; i < 4; i += 1) {
      await page.keyboard.press('Shift+Tab');
      await expectFocusIn(dialog);
    }
    await expectNoAxeViolations(page);

    const link = dialog.getByLabel('Link to this view');
    await expect(link).toHaveValue(`${baseURL}${mapAddress}`);
    const embed = dialog.getByLabel('Embed on your site');
    const embedUrl = `${baseURL}${viewEmbedPath({ kind: 'choropleth', ...MAP }, 'en')}`;
    await expect(embed).toHaveValue(
      embedSnippet(embedUrl, 'Rainfall, 1-month rolling, anomaly (% of long-term average), March 2024'),
    );
    await expect(embed).toHaveValue(/^<iframe [^>]*title="[^"]+"[^>]*loading="lazy"[^>]*aspect-ratio/);
    // The snippet's address is the map's embed, which other sites may frame.
    const framed = await page.request.get(embedUrl);
    expect(framed.status()).toBe(200);
    expect(framed.headers()['content-security-policy']).toContain('frame-ancestors *');
    expect(await framed.text()).toContain('March 2024');

    // The images are the map shown: its figure and period, in the reader's language.
    const png = await fetchLink(page, dialog, 'PNG');
    expect(png.status).toBe(200);
    expect(png.type).toBe('image/png');
    expect(pngHeader(png.body)).toEqual({ ...IMAGE_SIZES.card, colourType: PALETTE });
    const svg = await fetchLink(page, dialog, 'SVG');
    expect(svg.status).toBe(200);
    const text = svg.body.toString('utf8');
    expect(svgTitle(text)).toBe(MAP.variable);
    expect(svgDesc(text)).toContain('March 2024');
    const csv = await fetchLink(page, dialog, 'CSV');
    expect(csv.type).toBe('text/csv; charset=utf-8');
    expect(csv.body.toString('utf8').trim().split('\n')).toHaveLength(48);
    const json = ImageDataSchema.parse(JSON.parse((await fetchLink(page, dialog, 'JSON')).body.toString()));
    expect(json.period).toBe('March 2024');
    expect(json.page).toBe(`${baseURL}${mapAddress}`);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('the timeseries chart, a county and counties compared share their own images, in Swahili for a Swahili reader', async ({
    page,
  }) => {
    const timeseries = new TimeseriesPage(page);
    await timeseries.open(
      'energy',
      'access',
      '?start=2019-01-01&end=2019-12-31&variable=Electricity+access&location=Nairobi&location=Turkana',
    );
    // No selection previewed yet: nothing to share.
    await expect(page.getByRole('button', { name: 'Share' })).toHaveCount(0);
    await timeseries.preview.click();
    await expect(timeseries.rows).toHaveCount(2);
    let { dialog } = await openShare(page);
    const chart = await fetchLink(page, dialog, 'SVG');
    expect(chart.status).toBe(200);
    expect(chart.href).toContain('source=energy%2Faccess');
    expect(svgTitle(chart.body.toString())).toContain('Electricity access');
    expect(svgDesc(chart.body.toString())).toContain('2019');
    const rows = ImageDataSchema.parse(JSON.parse((await fetchLink(page, dialog, 'JSON')).body.toString()));
    expect(rows.rows.map((row) => row[2]).sort()).toEqual(['Nairobi', 'Turkana']);
    await page.keyboard.press('Escape');

    await page.goto('/counties/turkana?lang=sw');
    ({ dialog } = await openShare(page, { button: 'Shiriki', dialog: 'Shiriki mwonekano huu' }));
    const county = await fetchLink(page, dialog, 'SVG');
    expect(county.status).toBe(200);
    expect(svgTitle(county.body.toString())).toBe('Kaunti ya Turkana: takwimu kuu');
    await expect(dialog.getByLabel('Pachika kwenye tovuti yako')).toHaveValue(/\/embed\/counties\/turkana\?lang=sw/);
    await page.keyboard.press('Escape');

    await page.goto('/counties/compare?c=kwale&c=lamu&lang=en');
    ({ dialog } = await openShare(page));
    const compared = await fetchLink(page, dialog, 'SVG');
    expect(svgTitle(compared.body.toString())).toBe('Counties compared: Kwale, Lamu');
    // Counties compared have no embed.
    await expect(dialog.getByLabel('Embed on your site')).toHaveCount(0);
  });

  test('the og:image of five pages answers a 1200x630 PNG', async ({ page, baseURL }) => {
    const pages = [
      '/',
      '/datasets',
      mapAddress,
      '/counties/turkana',
      '/sectors/energy/access/timeseries?start=2019-01-01&end=2019-12-31&variable=Electricity+access&location=Nairobi',
    ];
    for (const path of pages) {
      await page.goto(path);
      const image = await page.locator('meta[property="og:image"]').getAttribute('content');
      expect(image, path).toMatch(new RegExp(`^${baseURL}/api/v1/images/.+[?&]lang=en`));
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
      const answer = await page.request.get(image!);
      expect(answer.status(), image!).toBe(200);
      expect(answer.headers()['content-type']).toBe('image/png');
      expect(pngHeader(await answer.body()), image!).toEqual({ ...IMAGE_SIZES.card, colourType: PALETTE });
    }
  });
});
