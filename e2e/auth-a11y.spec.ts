import type { Page } from '@playwright/test';
import { loggedIn } from './fixtures/accounts.ts';
import { expectNoAxeViolations as expectAccessible } from './fixtures/portal.ts';
import { expect, test, uniqueEmail } from './fixtures/test.ts';

/** Starts collecting the Content-Security-Policy violations the page reports, from its first script on. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const found: string[] = [];
    Object.assign(window, { cspViolations: found });
    document.addEventListener('securitypolicyviolation', (event) => found.push(`${event.violatedDirective}: ${event.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

const screens = [
  { path: '/login', heading: 'Login' },
  { path: '/signup', heading: 'Sign up' },
  { path: '/forgot-password', heading: 'Forgot password' },
  { path: `/reset/${'a'.repeat(43)}`, heading: 'Reset password' },
  { path: `/verify/${'a'.repeat(43)}`, heading: 'Verify your e-mail' },
  { path: '/account', heading: 'My account' },
];

test.describe('account screens: accessibility and the Content-Security-Policy', () => {
  for (const { path, heading } of screens) {
    test(`${path.replace(/a{43}$/, '{id}')} passes axe and runs under the CSP`, async ({ page }) => {
      const violations = await watchCsp(page);
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expectAccessible(page);
      // With its messages showing too.
      const submit = page.locator('form button[type="submit"]');
      if (await submit.count()) {
        await submit.first().click();
        await expectAccessible(page);
      }
      expect(await violations()).toEqual([]);
    });
  }

  test('My account with its sections passes axe', async ({ page }) => {
    const violations = await watchCsp(page);
    await loggedIn(page, uniqueEmail('a11y'), '/account');
    await expect(page.getByRole('heading', { name: 'API tokens' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Create token' }).click();
    await expectAccessible(page);
    expect(await violations()).toEqual([]);
  });

  test('the verify page passes axe in its error state, and the top bar with the user menu open', async ({ page }) => {
    await page.goto(`/verify/${'a'.repeat(43)}`);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('link', { name: 'Signup again' })).toBeVisible();
    await expectAccessible(page);

    const email = uniqueEmail('menu');
    await loggedIn(page, email, '/about');
    await page.locator('header').getByRole('button', { name: email }).click();
    await expectAccessible(page);
  });
});
