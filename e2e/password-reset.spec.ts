import { createVerifiedUser, PASSWORD } from './fixtures/accounts.ts';
import { ForgotPasswordPage, LoginPage, ResetPasswordPage } from './fixtures/auth-pages.ts';
import { mailCount, nextLink, pathOf } from './fixtures/mailbox.ts';
import { expectNoAxeViolations } from './fixtures/portal.ts';
import { expect, test, uniqueEmail } from './fixtures/test.ts';
import { translator } from '@portal/contract/messages';

const t = translator();

const NEW_PASSWORD = 'a brand new password';

test('the forms check what is typed once touched, and alert when their call fails', async ({ page, alerts }) => {
  const forgot = new ForgotPasswordPage(page);
  await forgot.goto();
  await forgot.touch('email', '');
  await expect(forgot.message('email')).toHaveText(t('field.emailRequired'));
  await forgot.touch('email', 'not an address');
  await expect(forgot.message('email')).toHaveText(t('field.emailInvalid'));
  await expectNoAxeViolations(page);
  await forgot.fill({ email: uniqueEmail('offline') });
  await page.route('**/api/reset-password/', (route) => route.abort());
  await forgot.submitButton.click();
  await expect.poll(() => alerts).toEqual(['Oops, something went wrong, try again later']);

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
  await expectNoAxeViolations(page);
  await reset.fill({ password: NEW_PASSWORD, confirmPW: NEW_PASSWORD });
  await page.route('**/api/password-reset/', (route) => route.abort());
  await reset.submitButton.click();
  await expect
    .poll(() => alerts)
    .toEqual(['Oops, something went wrong, try again later', 'Oops, something went wrong']);
});

test('the same green answer whether or not the e-mail has an account; the e-mailed link sets a new password and offers Login; the old password stops working, and the link works once', async ({
  page,
}) => {
  const email = uniqueEmail('reset');
  await createVerifiedUser(page.request, email);
  const seen = mailCount(email);
  const forgot = new ForgotPasswordPage(page);
  await forgot.goto();
  for (const asked of [uniqueEmail('unknown'), email]) {
    await forgot.fill({ email: asked });
    await forgot.submitAndWait('/api/reset-password/');
    await expect(forgot.success).toHaveText(t('auth.resetRequested'));
  }
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

  // The same link, once more: the page shows the server's refusal. (Logged in, the page would leave.)
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await reset.goto(pathOf(link));
  await reset.fill({ password: 'yet another password', confirmPW: 'yet another password' });
  await reset.submitAndWait('/api/password-reset/');
  await expect(reset.refusal).toHaveText(t('auth.linkUsed'));
});
