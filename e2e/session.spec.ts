import type { Page } from '@playwright/test';
import { createVerifiedUser, loggedIn, PASSWORD } from './fixtures/accounts.ts';
import { LoginPage, Navigation } from './fixtures/auth-pages.ts';
import { expect, test, uniqueEmail } from './fixtures/test.ts';

const checkStatus = async (page: Page, email: string) => (await (await page.request.post('/api/check/', { data: { email } })).json()).status as boolean;

test.describe('logged-in state in the top bar and side menu', () => {
  test('the top bar shows the e-mail with My account and Logout; logout clears storage and stays', async ({ page }) => {
    const email = uniqueEmail('logout');
    await loggedIn(page, email, '/partners');
    const nav = new Navigation(page);
    await nav.userMenu(email).click();
    await expect(page.getByRole('link', { name: 'My account' })).toBeVisible();
    await expect(page.getByText('Signed in as Amina Otieno')).toBeVisible();
    await page.getByRole('button', { name: 'Logout', exact: true }).click();

    await expect(nav.topBarLogin).toBeVisible();
    await expect(page).toHaveURL(/\/partners$/);
    expect(await nav.storedItems()).toEqual({});
    await expect.poll(() => checkStatus(page, email)).toBe(false);
  });

  test("alerts 'oops, somethings went wrong.' when logout fails, and still forgets the login here", async ({ page, alerts }) => {
    const email = uniqueEmail('logout-fails');
    await loggedIn(page, email, '/about');
    await page.route('**/api/logout/', (route) => route.abort());
    await new Navigation(page).logOutFromTopBar(email);
    await expect.poll(() => alerts).toEqual(['oops, somethings went wrong.']);
    expect(await new Navigation(page).storedItems()).toEqual({});
  });

  test("the side menu on a small screen says 'Hi, {email}' with Logout, or offers Login", async ({ page }) => {
    const email = uniqueEmail('small');
    await page.setViewportSize({ width: 390, height: 844 });
    await loggedIn(page, email, '/sectors/agriculture/carbon/timeseries');
    // The page draws a provisional menu while the source loads; open the real one.
    await expect(page.getByRole('heading', { name: 'Agricultural / Land Sector - Carbon' })).toBeVisible();
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const menu = page.locator('#side-menu');
    await menu.getByRole('button', { name: `Hi, ${email}` }).click();
    await menu.getByRole('button', { name: 'Logout', exact: true }).click();
    await expect(menu.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page).toHaveURL(/\/sectors\/agriculture\/carbon\/timeseries$/);
    expect(await new Navigation(page).storedItems()).toEqual({});
  });
});

test.describe('guards of the account screens', () => {
  test('a logged-in visitor opening /login or /signup is sent to /sectors with a note', async ({ page }) => {
    const email = uniqueEmail('guard');
    await loggedIn(page, email);
    for (const path of ['/login', '/signup']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/sectors$/);
      await expect(page.locator('.alert-info')).toHaveText(`You are already logged in as ${email}.`);
    }
  });

  test('a logged-in visitor coming back to /login returns to the page before it', async ({ page }) => {
    const email = uniqueEmail('guard-back');
    await createVerifiedUser(page.request, email);
    await page.goto('/about');
    await new Navigation(page).topBarLogin.click();
    await expect(page).toHaveURL(/\/login$/);
    // Logged in meanwhile in another tab of the same browser.
    const other = await page.context().newPage();
    const login = new LoginPage(other);
    await login.goto();
    await login.logIn(email, PASSWORD);
    await page.reload();
    await expect(page).toHaveURL(/\/about$/);
  });

  test('a stored e-mail without a live session is forgotten on the login page', async ({ page }) => {
    await page.goto('/about');
    await page.evaluate(() => localStorage.setItem('email', 'stale@example.org'));
    await page.goto('/login');
    await expect(new Navigation(page).topBarLogin).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await new Navigation(page).storedItems()).toEqual({});
  });

  test("alerts 'oops, something went wrong' when the login check fails", async ({ page, alerts }) => {
    await page.goto('/about');
    await page.evaluate(() => localStorage.setItem('email', 'someone@example.org'));
    await page.route('**/api/check/', (route) => route.abort());
    await page.goto('/login');
    await expect.poll(() => alerts).toContain('oops, something went wrong');
  });

  test('a logged-in visitor on /forgot-password is sent back one step', async ({ page }) => {
    const email = uniqueEmail('forgot-guard');
    await createVerifiedUser(page.request, email);
    await page.goto('/about');
    await new Navigation(page).topBarLogin.click();
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
    // Logs in elsewhere, browses on, then comes back here with the Back button.
    const other = await page.context().newPage();
    const login = new LoginPage(other);
    await login.goto();
    await login.logIn(email, PASSWORD);
    await page.getByRole('link', { name: 'Sectors' }).click();
    await page.goBack();
    await expect(page).toHaveURL(/\/about$/);

    await page.goto('/forgot-password');
    await expect(page).toHaveURL(/\/sectors$/);
  });

  test('a logged-in visitor on /reset/{id} is sent to /sectors', async ({ page }) => {
    await loggedIn(page, uniqueEmail('reset-guard'));
    await page.goto(`/reset/${'a'.repeat(43)}`);
    await expect(page).toHaveURL(/\/sectors$/);
    await expect(page.locator('.alert-info')).toContainText('You are logged in.');
  });
});
