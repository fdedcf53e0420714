import { loggedIn, PASSWORD } from './fixtures/accounts.ts';
import { LoginPage, Navigation } from './fixtures/auth-pages.ts';
import { expectNoAxeViolations, watchCsp } from './fixtures/portal.ts';
import { expect, test, uniqueEmail } from './fixtures/test.ts';
import { translator } from '@portal/contract/messages';

const t = translator();

test('My account, from the user menu: the profile and an empty export history; an API token shown once, then revoked; the password changed, refusing a wrong current one', async ({
  page,
}) => {
  const email = uniqueEmail('account');
  const cspViolations = await watchCsp(page);
  await loggedIn(page, email, '/about');
  const nav = new Navigation(page);
  await nav.userMenu(email).click();
  await page.getByRole('link', { name: 'My account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  const profile = page.locator('dl.profile');
  await expect(profile).toContainText(email);
  await expect(profile).toContainText('Kenya National Bureau of Statistics');
  await expect(page.getByText('No exports yet.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'API tokens' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.locator('[name="name"]').fill('laptop script');
  await page.getByRole('button', { name: 'Create token' }).click();
  const created = page.locator('.created-token');
  await expect(created).toContainText('Copy it now: it will not be shown again.');
  await expect(page.getByLabel('New API token')).toHaveValue(/^kclew_[A-Za-z0-9_-]{43}$/);
  const row = page.locator('table.api-tokens tr', { hasText: 'laptop script' });
  await expect(row).toContainText('Never');
  await expectNoAxeViolations(page);
  await page.reload();
  await expect(created).toBeHidden();
  await expect(row).toBeVisible();
  await page.getByRole('button', { name: 'Revoke laptop script' }).click();
  await expect(row).toBeHidden();
  await expect(page.getByText('No API tokens yet.')).toBeVisible();
  expect(await cspViolations()).toEqual([]);

  const form = page.getByRole('form', { name: 'Change password' });
  await form.locator('[name="currentPassword"]').fill('not my password');
  await form.locator('[name="password"]').fill('a newer password');
  await form.locator('[name="confirmPW"]').fill('a newer password');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.locator('.alert-danger')).toHaveText(t('passwordChange.currentWrong'));
  await form.locator('[name="currentPassword"]').fill(PASSWORD);
  await form.locator('[name="password"]').fill('a newer password');
  await form.locator('[name="confirmPW"]').fill('a newer password');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.locator('.alert-success')).toHaveText(t('passwordChange.changed'));

  await nav.logOutFromTopBar(email);
  const login = new LoginPage(page);
  await login.goto();
  await login.logIn(email, 'a newer password');
  await expect(page).toHaveURL(/\/sectors$/);
});
