import { createVerifiedUser, PASSWORD, signUpByApi } from './fixtures/accounts.ts';
import { LoginPage, Navigation } from './fixtures/auth-pages.ts';
import { expect, test, uniqueEmail } from './fixtures/test.ts';
import { translator } from '@portal/contract/messages';

const t = translator();

test.describe('login page', () => {
  test('shows each field message only once the field has been touched', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await expect(login.field('email')).toHaveAttribute('type', 'email');
    await login.field('email').focus();
    await expect(login.message('email')).toBeHidden();

    await login.touch('email', '');
    await expect(login.message('email')).toHaveText(t('field.emailRequired'));
    await expect(login.message('password')).toBeHidden();
    await login.touch('email', 'amina@');
    await expect(login.message('email')).toHaveText(t('field.emailInvalid'));
    await login.touch('email', 'amina@example.org');
    await expect(login.message('email')).toBeHidden();

    await login.touch('password', '');
    await expect(login.message('password')).toHaveText(t('field.passwordRequired'));
    await login.touch('password', 'short');
    await expect(login.message('password')).toHaveText(t('field.passwordMin'));
  });

  test('shows every message when an empty form is submitted, and sends nothing', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    let calls = 0;
    page.on('request', (request) => void (request.url().endsWith('/api/auth/') && (calls += 1)));
    await login.submitButton.click();
    await expect(login.message('email')).toHaveText(t('field.emailRequired'));
    await expect(login.message('password')).toHaveText(t('field.passwordRequired'));
    expect(calls).toBe(0);
  });

  test('shows and hides the password', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.field('password').fill('secret words');
    await expect(login.field('password')).toHaveAttribute('type', 'password');
    await login.toggle('password').click();
    await expect(login.field('password')).toHaveAttribute('type', 'text');
    await expect(login.toggle('password')).toHaveAttribute('aria-pressed', 'true');
    await login.toggle('password').click();
    await expect(login.field('password')).toHaveAttribute('type', 'password');
  });

  test("shows the server's refusal in a red alert above the form", async ({ page }) => {
    const email = uniqueEmail('wrong');
    await createVerifiedUser(page.request, email);
    const login = new LoginPage(page);
    await login.goto();
    await login.fill({ email, password: 'not the password' });
    await login.submitAndWait('/api/auth/');
    await expect(login.refusal).toHaveText(t('auth.invalidCredentials'));
    const alertTop = (await login.refusal.boundingBox())!.y;
    expect(alertTop).toBeLessThan((await login.field('email').boundingBox())!.y);
    expect(await new Navigation(page).storedItems()).toEqual({});
  });

  test('refuses an account whose e-mail is not verified yet', async ({ page }) => {
    const email = uniqueEmail('unverified');
    await signUpByApi(page.request, email);
    const login = new LoginPage(page);
    await login.goto();
    await login.fill({ email, password: PASSWORD });
    await login.submitAndWait('/api/auth/');
    await expect(login.refusal).toHaveText(t('auth.notVerified'));
  });

  test('stores the e-mail and returns to the page the visitor came from', async ({ page }) => {
    const email = uniqueEmail('back');
    await createVerifiedUser(page.request, email);
    await page.goto('/about');
    const nav = new Navigation(page);
    await nav.topBarLogin.click();
    const login = new LoginPage(page);
    await login.logIn(email.toUpperCase(), PASSWORD);
    await expect(page).toHaveURL(/\/about$/);
    await expect(nav.userMenu(email)).toBeVisible();
    await expect(nav.topBarLogin).toBeHidden();
    expect(await nav.storedItems()).toEqual({ email, username: 'Amina Otieno' });
  });

  test('goes to /sectors when the login page was the first page opened', async ({ page }) => {
    const email = uniqueEmail('first');
    await createVerifiedUser(page.request, email);
    const login = new LoginPage(page);
    await login.goto();
    await login.logIn(email, PASSWORD);
    await expect(page).toHaveURL(/\/sectors$/);
  });

  test("alerts 'Oops, something went wrong, try again later' when the call fails", async ({ page, alerts }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.fill({ email: 'amina@example.org', password: PASSWORD });
    await page.route('**/api/auth/', (route) => route.abort());
    await login.submitButton.click();
    await expect.poll(() => alerts).toEqual(['Oops, something went wrong, try again later']);
    await page.route('**/api/auth/', (route) => route.fulfill({ status: 500, body: '{}' }));
    await login.submitButton.click();
    await expect.poll(() => alerts.length).toBe(2);
    await expect(login.refusal).toBeHidden();
  });

  test('shows the rate limit text after too many wrong passwords', async ({ page }) => {
    const email = uniqueEmail('guessed');
    await createVerifiedUser(page.request, email);
    const login = new LoginPage(page);
    await login.goto();
    await login.fill({ email, password: 'guess guess' });
    for (let attempt = 0; attempt < 10; attempt += 1) await login.submitAndWait('/api/auth/');
    await expect(login.refusal).toHaveText(t('auth.invalidCredentials'));
    await login.fill({ password: PASSWORD });
    await login.submitAndWait('/api/auth/');
    await expect(login.refusal).toHaveText(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
  });
});
