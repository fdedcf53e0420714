import { loggedIn } from './fixtures/accounts.ts';
import { expect, expectNoAxeViolations, test } from './fixtures/portal.ts';
import { uniqueEmail } from './fixtures/test.ts';

test('Alerts: a user sets an alert on a monthly county figure on the account page, sees it with its last state, and ends it', async ({
  page,
}) => {
  await loggedIn(page, uniqueEmail('alert'), '/account');
  const form = page.getByRole('form', { name: 'Add alert' });
  await form.getByLabel('Figure').selectOption('Rainfall, 3-month rolling, anomaly');
  await form.getByLabel('County').selectOption('turkana');
  await form.getByLabel('Below or above').selectOption('below');
  // The value's label names the figure's unit.
  const value = form.getByLabel(/^Value, in /);
  await expect(value).toBeVisible();
  await value.fill('70');
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Add alert' }).click();

  const list = page.locator('table.alerts');
  await expect(list.getByRole('row')).toHaveCount(2);
  await expect(list).toContainText('Rainfall, 3-month rolling, anomaly');
  await expect(list).toContainText('Turkana');
  await expect(list).toContainText(/below 70/);
  // The last state: the latest month with a value, and on which side of the threshold it is.
  await expect(list).toContainText(/past the threshold/);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'End the alert on Rainfall, 3-month rolling, anomaly in Turkana' }).click();
  await expect(page.getByText('You have set no alerts yet.')).toBeVisible();
  await expect(list).toHaveCount(0);
});
