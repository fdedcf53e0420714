import { loggedIn } from './fixtures/accounts.ts';
import { expect, expectNoAxeViolations, test } from './fixtures/portal.ts';
import { uniqueEmail } from './fixtures/test.ts';

test('Follow: a visitor is offered the login; a user follows a county and a dataset, sees both on the account page and ends one there', async ({
  page,
}) => {
  await page.goto('/counties/turkana');
  await expect(page.getByRole('link', { name: 'Log in to follow' })).toBeVisible();

  const email = uniqueEmail('follow');
  await loggedIn(page, email, '/counties/turkana');
  const county = page.getByRole('button', { name: 'Follow', exact: true });
  await expect(county).toHaveAttribute('aria-pressed', 'false');
  await county.click();
  const following = page.getByRole('button', { name: 'Following' });
  await expect(following).toHaveAttribute('aria-pressed', 'true');
  await expectNoAxeViolations(page);

  await page.goto('/datasets/census-2019-lighting');
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Following' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/account');
  const list = page.locator('table.follows');
  await expect(list.getByRole('row')).toHaveCount(3);
  await expect(list).toContainText('Turkana');
  await expect(list).toContainText('County');
  await expect(list).toContainText('Dataset');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Stop following Turkana' }).click();
  await expect(list.getByRole('row')).toHaveCount(2);
  await expect(list).not.toContainText('Turkana');

  await page
    .getByRole('link', { name: /Lighting|lighting/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/datasets\/census-2019-lighting$/);
  await page.getByRole('button', { name: 'Following' }).click();
  await expect(page.getByRole('button', { name: 'Follow', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await page.goto('/account');
  await expect(page.getByText('You follow nothing yet')).toBeVisible();
});

test('The unsubscribe page asks before it stops anything, and says so for a link it does not know', async ({
  page,
}) => {
  await page.goto(`/unsubscribe/${'a'.repeat(43)}`);
  await expect(page.getByRole('heading', { name: 'Stop e-mails' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Stop these e-mails' }).click();
  await expect(page.locator('.alert-danger')).toContainText('This unsubscribe link is not known');
  await expectNoAxeViolations(page);
});
