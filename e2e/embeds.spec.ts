import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Frame, Page } from '@playwright/test';
import { PAGE_ROUTES } from '@portal/contract/pages';
import { EMBED_PREFIX } from '@portal/contract/paths';
import { expectNoAxeViolations } from './fixtures/portal.ts';
import { expect, test } from './fixtures/test.ts';

// The embeds (ADR 0043) as another site shows them: in its frame, from another origin, where every
// other page of the portal refuses to appear; and as a reader without JavaScript reads them.
const EMBEDS = PAGE_ROUTES.filter((route) => route.path.startsWith(EMBED_PREFIX));
const MAP = EMBEDS.find((route) => route.id === 'embed-county-map')!;

/** A site of someone else's: at `localhost` on a port of its own, it frames the address it is given. */
let site: Server;
let siteOrigin: string;
test.beforeAll(async () => {
  site = createServer((request, response) => {
    const framed = new URL(request.url ?? '/', 'http://localhost').searchParams.get('src') ?? '';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!DOCTYPE html><html lang="en"><title>An article</title><h1>An article</h1>` +
        `<iframe src="${framed.replace(/"/g, '&quot;')}" title="A view of the data" width="800" height="600"` +
        ` onload="document.body.dataset.framed = 'loaded'"></iframe></html>`,
    );
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteOrigin = `http://localhost:${(site.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

/** Opens the other site's article framing `path` of the portal, once the frame has loaded (or been refused). */
async function framed(page: Page, baseURL: string, path: string): Promise<Frame> {
  await page.goto(`${siteOrigin}/?src=${encodeURIComponent(`${baseURL}${path}`)}`);
  await expect(page.locator('body')).toHaveAttribute('data-framed', 'loaded');
  return page.frames().find((frame) => frame !== page.mainFrame())!;
}

test.describe('embeds framed by another site', () => {
  for (const embed of EMBEDS) {
    test(`${embed.id} shows its view, image and footer in the other site's frame`, async ({ page, baseURL }) => {
      const frame = await framed(page, baseURL!, embed.sample);
      await expect(frame.getByRole('heading', { level: 1 })).toHaveText(embed.shows);
      const image = frame.getByRole('img', { name: new RegExp(`^${embed.shows.replace(/[()]/g, '\\$&')}`) });
      await expect(image).toBeVisible();
      // The server's image has loaded inside the frame: the other site may show it.
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
      await expect(frame.getByRole('contentinfo').getByRole('link')).toHaveAttribute('target', '_blank');
    });
  }

  test("a page that is not an embed stays blank in the other site's frame", async ({ page, baseURL }) => {
    const refusals: string[] = [];
    page.on('console', (message) => {
      if (/frame-ancestors/.test(message.text())) refusals.push(message.text());
    });
    for (const path of ['/counties/homa-bay', MAP.sample.replace(EMBED_PREFIX, '/')]) {
      // Opened by itself the page has its heading, so a blank frame means the browser refused it.
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      const frame = await framed(page, baseURL!, path);
      await expect(frame.locator('h1')).toHaveCount(0);
      expect(frame.url()).not.toContain(path);
    }
    expect(refusals.length).toBe(2);
  });

  test('every embed passes axe', async ({ page }) => {
    for (const embed of EMBEDS) {
      await page.goto(embed.sample);
      await expectNoAxeViolations(page);
    }
  });

  test('the full page opens in a new tab, in the embed’s language', async ({ page, baseURL }) => {
    const frame = await framed(page, baseURL!, `${MAP.sample}&lang=sw`);
    const opened = page.context().waitForEvent('page');
    await frame.getByRole('contentinfo').getByRole('link').click();
    const full = await opened;
    await full.waitForLoadState();
    expect(new URL(full.url()).pathname).toBe('/maps/counties');
    await expect(full.locator('html')).toHaveAttribute('lang', 'sw');
  });
});

test.describe('embeds without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const embed of EMBEDS) {
    test(`${embed.id} reads whole: title, image with its data in words, footer link`, async ({ page }) => {
      await page.goto(embed.sample);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(embed.shows);
      const image = page.getByRole('main').getByRole('img');
      await expect(image).toHaveAttribute('alt', new RegExp(`^${embed.shows.replace(/[()]/g, '\\$&')}, .+\\d`));
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
      const link = page.getByRole('contentinfo').getByRole('link');
      await expect(link).toHaveAttribute('href', /^http:\/\/127\.0\.0\.1:\d+\/.*lang=en/);
      await expect(link).toHaveAttribute('rel', 'noopener');
    });
  }

  test("the county map's period is chosen by its form, which asks the embed again", async ({ page }) => {
    await page.goto(MAP.sample);
    const period = page.locator('.embed-period');
    const before = await period.textContent();
    const choice = page.getByLabel('Period');
    const options = await choice.locator('option').allTextContents();
    await choice.selectOption({ label: options[2] });
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(period).toContainText(options[2]);
    expect(await period.textContent()).not.toBe(before);
    expect(new URL(page.url()).searchParams.get('lang')).toBe('en');
    await expect(page.getByRole('main').getByRole('img')).toHaveAttribute('alt', new RegExp(options[2]));
  });
});
