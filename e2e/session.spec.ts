import type { Page } from '@playwright/test';
import { createVerifiedUser, loggedIn, PASSWORD } from './fixtures/accounts.ts';
import { LoginPage, Navigation } from './fixtures/auth-pages.ts';
import { expectNoAxeViolations } from './fixtures/portal.ts';
import { expect, test, uniqueEmail } from './fixtures/test.ts';

const checkStatus = async (page: Page, email: string) =>
  (await (await page.request.post('/api/check/', { data: { email } })).json()).status as boolean;

test('logged in, the top bar shows the e-mail with My account and Logout; logout clears storage and stays, and alerts when it fails but still forgets the login here; on a small screen the side menu does the same', async ({
  page,
  alerts,
}) => {
  const email = uniqueEmail('logout');
  await loggedIn(page, email, '/partners');
  const nav = new Navigation(page);
  await nav.userMenu(email).click();
  await expect(page.getByRole('link', { name: 'My account' })).toBeVisible();
  await expect(page.getByText('Signed in as Amina Otieno')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Logout', exact: true }).click();
  await expect(nav.topBarLogin).toBeVisible();
  await expect(page).toHaveURL(/\/partners$/);
  expect(await nav.storedItems()).toEqual({});
  await expect.poll(() => checkStatus(page, email)).toBe(false);

  const login = new LoginPage(page);
  await login.goto();
  await login.logIn(email, PASSWORD);
  await page.goto('/about');
  await page.route('**/api/logout/', (route) => route.abort());
  await nav.logOutFromTopBar(email);
  await expect.poll(() => alerts).toEqual(['oops, somethings went wrong.']);
  expect(await nav.storedItems()).toEqual({});
  await page.unroute('**/api/logout/');

  await page.setViewportSize({ width: 390, height: 844 });
  await login.goto();
  await login.logIn(email, PASSWORD);
  await page.goto('/sectors/agriculture/carbon/timeseries');
  // The page draws a provisional menu while the source loads; open the real one.
  await expect(page.getByRole('heading', { name: 'Agricultural / Land Sector - Carbon' })).toBeVisible();
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  const menu = page.locator('#side-menu');
  await menu.getByRole('button', { name: `Hi, ${email}` }).click();
  await menu.getByRole('button', { name: 'Logout', exact: true }).click();
  await expect(menu.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page).toHaveURL(/\/sectors\/agriculture\/carbon\/timeseries$/);
  expect(await nav.storedItems()).toEqual({});
});

test.describe('guards of the account screens', () => {
  test('a logged-in visitor opening /login or /signup is sent to /sectors with a note, and from /reset/{id} to /sectors saying so', async ({
    page,
  }) => {
    const email = uniqueEmail('guard');
    await loggedIn(page, email);
    for (const path of ['/login', '/signup']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/sectors$/);
      await expect(page.locator('.alert-info')).toHaveText(`You are already logged in as ${email}.`);
    }
    await page.goto(`/reset/${'a'.repeat(43)}`);
    await expect(page).toHaveURL(/\/sectors$/);
    await expect(page.locator('.alert-info')).toContainText('You are logged in.');
  });

  test('a visitor who logs in in another tab: the login page returns to the page before it, and the forgot-password page is left one step back', async ({
    page,
  }) => {
    const email = uniqueEmail('guard-back');
    await createVerifiedUser(page.request, email);
    const nav = new Navigation(page);
    await page.goto('/about');
    await nav.topBarLogin.click();
    await expect(page).toHaveURL(/\/login$/);
    const other = await page.context().newPage();
    const elsewhere = new LoginPage(other);
    await elsewhere.goto();
    await elsewhere.logIn(email, PASSWORD);
    await page.reload();
    await expect(page).toHaveURL(/\/about$/);

    // Logged out again everywhere; this time the visitor goes on to Forgot password before logging in elsewhere.
    await nav.logOutFromTopBar(email);
    await expect(nav.topBarLogin).toBeVisible();
    await nav.topBarLogin.click();
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
    await elsewhere.goto();
    await elsewhere.logIn(email, PASSWORD);
    await page.getByRole('link', { name: 'Sectors' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sectors');
    await page.goBack();
    await expect(page).toHaveURL(/\/about$/);
    await page.goto('/forgot-password');
    await expect(page).toHaveURL(/\/sectors$/);
  });

  test('a logged-out visitor: a stored e-mail without a live session is forgotten on the login page; a failing login check alerts; My account asks to log in', async ({
    page,
    alerts,
  }) => {
    await page.goto('/about');
    await page.evaluate(() => localStorage.setItem('email', 'stale@example.org'));
    await page.goto('/login');
    await expect(new Navigation(page).topBarLogin).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect.poll(() => new Navigation(page).storedItems()).toEqual({});

    await page.evaluate(() => localStorage.setItem('email', 'someone@example.org'));
    await page.route('**/api/check/', (route) => route.abort());
    await page.goto('/login');
    await expect.poll(() => alerts).toContain('oops, something went wrong');
    await page.unroute('**/api/check/');
    await page.evaluate(() => localStorage.clear());

    await page.goto('/account');
    await expect(page.getByText('Log in to see your account.')).toBeVisible();
    await page.locator('main').getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
