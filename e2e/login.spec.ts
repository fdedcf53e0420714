import { createVerifiedUser, PASSWORD, signUpByApi } from './fixtures/accounts.ts';
import { LoginPage, Navigation } from './fixtures/auth-pages.ts';
import { expectNoAxeViolations } from './fixtures/portal.ts';
import { expect, test, uniqueEmail } from './fixtures/test.ts';
import { translator } from '@portal/contract/messages';

const t = translator();

test.describe('login page', () => {
  test('the form: messages once a field is touched, all of them on an empty submit that sends nothing, the password shown and hidden, and an alert when the call fails', async ({
    page,
    alerts,
  }) => {
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

    await login.field('password').fill('secret words');
    await expect(login.field('password')).toHaveAttribute('type', 'password');
    await login.toggle('password').click();
    await expect(login.field('password')).toHaveAttribute('type', 'text');
    await expect(login.toggle('password')).toHaveAttribute('aria-pressed', 'true');
    await login.toggle('password').click();
    await expect(login.field('password')).toHaveAttribute('type', 'password');

    // A fresh form, submitted empty: every message shows, nothing is sent, and the page passes axe so.
    await login.goto();
    let calls = 0;
    page.on('request', (request) => void (request.url().endsWith('/api/auth/') && (calls += 1)));
    await login.submitButton.click();
    await expect(login.message('email')).toHaveText(t('field.emailRequired'));
    await expect(login.message('password')).toHaveText(t('field.passwordRequired'));
    expect(calls).toBe(0);
    await expectNoAxeViolations(page);

    await login.fill({ email: 'amina@example.org', password: PASSWORD });
    await page.route('**/api/auth/', (route) => route.abort());
    await login.submitButton.click();
    await expect.poll(() => alerts).toEqual(['Oops, something went wrong, try again later']);
    await page.route('**/api/auth/', (route) => route.fulfill({ status: 500, body: '{}' }));
    await login.submitButton.click();
    await expect.poll(() => alerts.length).toBe(2);
    await expect(login.refusal).toBeHidden();
  });

  test("shows the server's refusals above the form: a wrong password, an e-mail not verified yet, and too many wrong passwords", async ({
    page,
  }) => {
    const email = uniqueEmail('wrong');
    const unverified = uniqueEmail('unverified');
    await createVerifiedUser(page.request, email);
    await signUpByApi(page.request, unverified);
    const login = new LoginPage(page);
    await login.goto();

    await login.fill({ email, password: 'guess guess' });
    await login.submitAndWait('/api/auth/');
    await expect(login.refusal).toHaveText(t('auth.invalidCredentials'));
    expect((await login.refusal.boundingBox())!.y).toBeLessThan((await login.field('email').boundingBox())!.y);
    expect(await new Navigation(page).storedItems()).toEqual({});

    await login.fill({ email: unverified, password: PASSWORD });
    await login.submitAndWait('/api/auth/');
    await expect(login.refusal).toHaveText(t('auth.notVerified'));

    // Five failed attempts in a minute on one account from a browser it does not know (the first above),
    // then even the right password waits (ADR 0032).
    await login.fill({ email, password: 'guess guess' });
    for (let attempt = 1; attempt < 5; attempt += 1) await login.submitAndWait('/api/auth/');
    await expect(login.refusal).toHaveText(t('auth.invalidCredentials'));
    await login.fill({ password: PASSWORD });
    await login.submitAndWait('/api/auth/');
    await expect(login.refusal).toHaveText(/^Too many attempts\. Please wait \d+ (seconds?|minutes?) and try again\.$/);
  });

  test('stores the e-mail and returns to the page the visitor came from, or goes to /sectors when the login page was the first page opened', async ({
    page,
  }) => {
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

    await nav.logOutFromTopBar(email);
    await expect(nav.topBarLogin).toBeVisible();
    await login.goto();
    await login.logIn(email, PASSWORD);
    await expect(page).toHaveURL(/\/sectors$/);
  });
});
