import { createVerifiedUser, idOf, PASSWORD } from './fixtures/accounts.ts';
import { ForgotPasswordPage, LoginPage, ResetPasswordPage } from './fixtures/auth-pages.ts';
import { mailCount, nextLink, pathOf } from './fixtures/mailbox.ts';
import { expect, test, uniqueEmail } from './fixtures/test.ts';
import { translator } from '@portal/contract/messages';

const t = translator();

const NEW_PASSWORD = 'a brand new password';

test.describe('forgot password page', () => {
  test('checks the e-mail once touched', async ({ page }) => {
    const forgot = new ForgotPasswordPage(page);
    await forgot.goto();
    await forgot.touch('email', '');
    await expect(forgot.message('email')).toHaveText(t('field.emailRequired'));
    await forgot.touch('email', 'not an address');
    await expect(forgot.message('email')).toHaveText(t('field.emailInvalid'));
  });

  test('answers the same green message whether or not the e-mail has an account', async ({ page }) => {
    const known = uniqueEmail('known');
    await createVerifiedUser(page.request, known);
    const forgot = new ForgotPasswordPage(page);
    await forgot.goto();
    for (const email of [uniqueEmail('unknown'), known]) {
      await forgot.fill({ email });
      await forgot.submitAndWait('/api/reset-password/');
      await expect(forgot.success).toHaveText(t('auth.resetRequested'));
    }
    await nextLink(known, '/reset/', 1);
  });

  test("alerts 'Oops, something went wrong, try again later' when the call fails", async ({ page, alerts }) => {
    const forgot = new ForgotPasswordPage(page);
    await forgot.goto();
    await forgot.fill({ email: uniqueEmail('offline') });
    await page.route('**/api/reset-password/', (route) => route.abort());
    await forgot.submitButton.click();
    await expect.poll(() => alerts).toEqual(['Oops, something went wrong, try again later']);
  });
});

test.describe('reset page', () => {
  test('checks the new password and its confirmation once touched', async ({ page }) => {
    const reset = new ResetPasswordPage(page);
    await reset.goto(`/reset/${'a'.repeat(43)}`);
    await reset.touch('password', '');
    await expect(reset.message('password')).toHaveText(t('field.passwordRequired'));
    await reset.touch('password', 'short');
    await expect(reset.message('password')).toHaveText(t('field.passwordMin'));
    await reset.touch('confirmPW', '');
    await expect(reset.message('confirmPW')).toHaveText(t('field.confirmRequired'));
    await reset.touch('password', NEW_PASSWORD);
    await reset.touch('confirmPW', 'something else');
    await expect(reset.message('confirmPW')).toHaveText(t('field.confirmMismatch'));
  });

  test('sets a new password from the e-mailed link, then offers Login; the old password stops working', async ({ page }) => {
    const email = uniqueEmail('reset');
    await createVerifiedUser(page.request, email);
    const seen = mailCount(email);
    const forgot = new ForgotPasswordPage(page);
    await forgot.goto();
    await forgot.fill({ email });
    await forgot.submitAndWait('/api/reset-password/');
    const link = await nextLink(email, '/reset/', seen);

    const reset = new ResetPasswordPage(page);
    await reset.goto(pathOf(link));
    await reset.fill({ password: NEW_PASSWORD, confirmPW: NEW_PASSWORD });
    await reset.submitAndWait('/api/password-reset/');
    await expect(reset.success).toContainText(t('auth.passwordReset'));
    await reset.success.getByRole('link', { name: 'Login' }).click();

    const login = new LoginPage(page);
    await login.fill({ email, password: PASSWORD });
    await login.submitAndWait('/api/auth/');
    await expect(login.refusal).toHaveText(t('auth.invalidCredentials'));
    await login.logIn(email, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/sectors$/);
  });

  test("shows the server's refusal for a link that was already used", async ({ page }) => {
    const email = uniqueEmail('reused');
    await createVerifiedUser(page.request, email);
    await page.request.post('/api/reset-password/', { data: { email } });
    const link = await nextLink(email, '/reset/', 1);
    const used = await page.request.post('/api/password-reset/', { data: { password: NEW_PASSWORD, confirmPW: NEW_PASSWORD, id: idOf(link) } });
    expect(used.status()).toBe(200);

    const reset = new ResetPasswordPage(page);
    await reset.goto(pathOf(link));
    await reset.fill({ password: 'yet another password', confirmPW: 'yet another password' });
    await reset.submitAndWait('/api/password-reset/');
    await expect(reset.refusal).toHaveText(t('auth.linkUsed'));
  });

  test("alerts 'Oops, something went wrong' when the call fails", async ({ page, alerts }) => {
    const reset = new ResetPasswordPage(page);
    await reset.goto(`/reset/${'a'.repeat(43)}`);
    await reset.fill({ password: NEW_PASSWORD, confirmPW: NEW_PASSWORD });
    await page.route('**/api/password-reset/', (route) => route.abort());
    await reset.submitButton.click();
    await expect.poll(() => alerts).toEqual(['Oops, something went wrong']);
  });
});
