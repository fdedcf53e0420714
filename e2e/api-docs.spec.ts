import { expect, test } from '@playwright/test';
import { API } from '@portal/contract/paths';

test('the API reference renders every group from the portal alone, with no CSP violation', async ({
  page,
  baseURL,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  // Every asset comes from the portal itself (no CDN, no validator badge).
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(`${baseURL}/`) && !url.startsWith('data:')) foreign.push(url);
  });

  await page.goto(API.docs);
  await expect(page.locator('.opblock-tag', { hasText: "The spec's calls" })).toBeVisible();
  await expect(page.locator('.opblock-tag', { hasText: 'Open API (v1)' })).toBeVisible();
  await expect(
    page.locator('.opblock-summary-path', { hasText: '/api/v1/sectors/{sector}/sources/{source}/observations.csv' }),
  ).toBeVisible();

  // An operation shows its description with the curl snippet, the token header included.
  await page
    .locator('.opblock-summary', { hasText: '/api/v1/sectors/{sector}/sources/{source}/observations.csv' })
    .click();
  await expect(page.locator('.opblock-description-wrapper').first()).toContainText('Authorization: Bearer');

  expect(problems).toEqual([]);
  expect(foreign).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('the API reference is laid out at the width of the screen', async ({ page }) => {
    await page.goto(API.docs);
    await expect(page.locator('.opblock-tag', { hasText: 'Open API (v1)' })).toBeVisible();
    // Without a viewport a phone lays a page out 980 px wide and shrinks it.
    expect(await page.evaluate(() => window.innerWidth)).toBe(360);
    await expect(page).toHaveTitle(/API reference$/);
  });
});
