import { idOf, PASSWORD, signupValues, signUpByApi } from './fixtures/accounts.ts';
import { LoginPage, SignupPage, VerifyPage } from './fixtures/auth-pages.ts';
import { nextLink, pathOf } from './fixtures/mailbox.ts';
import { expectNoAxeViolations } from './fixtures/portal.ts';
import { expect, test, uniqueEmail } from './fixtures/test.ts';
import { translator } from '@portal/contract/messages';

const t = translator();

test.describe('sign-up page', () => {
  test("the form: the spec's fields, every message of an empty submit, the length and format rules, the matching passwords, and an alert when the call fails", async ({
    page,
    alerts,
  }) => {
    const signup = new SignupPage(page);
    await signup.goto();
    for (const name of ['username', 'email', 'password', 'confirmPW', 'organization', 'country', 'useOfData']) {
      await expect(signup.field(name)).toBeVisible();
    }

    await signup.submitButton.click();
    const required = {
      username: t('field.usernameRequired'),
      email: t('field.emailRequired'),
      password: t('field.passwordRequired'),
      confirmPW: t('field.confirmRequired'),
      organization: t('field.organizationRequired'),
      country: t('field.countryRequired'),
      useOfData: t('field.useOfDataRequired'),
    };
    for (const [name, text] of Object.entries(required)) await expect(signup.message(name)).toHaveText(text);
    await expectNoAxeViolations(page);

    const cases: [string, string, string][] = [
      ['username', 'A', t('field.usernameMin')],
      ['username', 'a'.repeat(101), t('field.usernameMax')],
      ['email', 'amina.example.org', t('field.emailInvalid')],
      ['password', 'short', t('field.passwordMin')],
      ['organization', 'K', t('field.organizationMin')],
      ['country', 'Ken', t('field.countryMin')],
      ['country', 'c'.repeat(101), t('field.countryMax')],
      ['useOfData', 'Too short', t('field.useOfDataMin')],
      ['useOfData', 'u'.repeat(256), t('field.useOfDataMax')],
    ];
    for (const [name, value, text] of cases) {
      await signup.touch(name, value);
      await expect(signup.message(name)).toHaveText(text);
    }
    await signup.touch('country', 'Kenya');
    await expect(signup.message('country')).toBeHidden();

    await signup.touch('password', 'first password');
    await signup.touch('confirmPW', '');
    await expect(signup.message('confirmPW')).toHaveText(t('field.confirmRequired'));
    await signup.touch('confirmPW', 'second password');
    await expect(signup.message('confirmPW')).toHaveText(t('field.confirmMismatch'));
    await signup.touch('password', 'second password');
    await expect(signup.message('confirmPW')).toBeHidden();
    await signup.toggle('confirmPW').click();
    await expect(signup.field('confirmPW')).toHaveAttribute('type', 'text');
    await expect(signup.field('password')).toHaveAttribute('type', 'password');

    await signup.fill(signupValues(uniqueEmail('offline')));
    await page.route('**/api/signup/', (route) => route.abort());
    await signup.submitButton.click();
    await expect.poll(() => alerts).toEqual(['Oops, something went wrong']);
  });

  test("on a phone (360 px) each message sits under its field, in the form's error colour, and the field keeps the form's width", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const signup = new SignupPage(page);
    await signup.goto();
    await signup.submitButton.click();
    const form = (await page.getByRole('form', { name: 'Sign up' }).boundingBox())!;
    for (const name of ['username', 'email', 'password', 'confirmPW', 'organization', 'country', 'useOfData']) {
      const message = signup.message(name);
      await expect(message).toBeVisible();
      // A password's row is its input and its show button.
      const row = page.locator(`.input-group:has([name="${name}"])`).or(signup.field(name)).first();
      const rowBox = (await row.boundingBox())!;
      expect(rowBox.width, name).toBeCloseTo(form.width, 0);
      expect((await message.boundingBox())!.y, name).toBeGreaterThanOrEqual(rowBox.y + rowBox.height);
      expect((await signup.field(name).boundingBox())!.width, name).toBeGreaterThan(form.width / 2);
      // The form's error style: the colour of the invalid field's border, smaller than the field's text.
      // The border eases into its colour (Bootstrap's transition), so the check waits for it to settle.
      const colour = await message.evaluate((element) => getComputedStyle(element).color);
      await expect(signup.field(name)).toHaveCSS('border-top-color', colour);
      expect(colour).not.toBe(await page.locator('body').evaluate((body) => getComputedStyle(body).color));
    }
  });

  test('signs up: green message at the top, then the e-mailed link verifies, then login works', async ({ page }) => {
    const email = uniqueEmail('signup');
    const signup = new SignupPage(page);
    await signup.goto();
    await signup.fill(signupValues(email));
    await signup.submitButton.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await signup.submitAndWait('/api/signup/');
    await expect(signup.success).toHaveText(t('auth.signedUp', { email: email }));
    await expect(signup.success).toBeInViewport();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(signup.field('email')).toHaveValue('');

    const verify = new VerifyPage(page);
    await verify.goto(pathOf(await nextLink(email, '/verify/')));
    await verify.verifyButton.click();
    await expect(page.getByText('Your email has been Verified!, Click the link below to login')).toBeVisible();
    await page.getByRole('link', { name: 'Login' }).last().click();
    await expect(page).toHaveURL(/\/login$/);
    await new LoginPage(page).logIn(email, PASSWORD);
    await expect(page).toHaveURL(/\/sectors$/);
  });

  test('a second sign-up with the same e-mail gets the same green answer and tells nothing more', async ({ page }) => {
    const email = uniqueEmail('twice');
    const link = await signUpByApi(page.request, email);
    const signup = new SignupPage(page);
    await signup.goto();
    await signup.fill(signupValues(email));
    await signup.submitAndWait('/api/signup/');
    await expect(signup.success).toHaveText(t('auth.signedUp', { email }));
    await expect(signup.refusal).toBeHidden();
    // The mailbox learns what the page does not: a new link, and the newest is the one that works.
    await page.request.post('/api/verify/', { data: { id: idOf(await nextLink(email, '/verify/', 1)) } });
    expect((await page.request.post('/api/verify/', { data: { id: idOf(link) } })).status()).toBe(400);
  });
});

test('verify page: a damaged link, a failed call and a used link each say why and offer to sign up again; a good link shows Loading..., then the success text with a Login button', async ({
  page,
}) => {
  const verify = new VerifyPage(page);
  await verify.goto('/verify/not-a-real-link');
  await verify.verifyButton.click();
  await expect(page.locator('.alert-danger')).toContainText(t('field.linkInvalid'));

  await verify.goto(`/verify/${'a'.repeat(43)}`);
  await page.route('**/api/verify/', (route) => route.abort());
  await verify.verifyButton.click();
  await expect(page.locator('.alert-danger')).toContainText('Something went wrong');
  await expect(page.getByRole('link', { name: 'Signup again' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.unroute('**/api/verify/');

  const used = await signUpByApi(page.request, uniqueEmail('used'));
  await page.request.post('/api/verify/', { data: { id: idOf(used) } });
  await verify.goto(pathOf(used));
  await verify.verifyButton.click();
  await expect(page.locator('.alert-danger')).toContainText(t('auth.linkUsed'));
  await page.getByRole('link', { name: 'Signup again' }).click();
  await expect(page).toHaveURL(/\/signup$/);

  const fresh = await signUpByApi(page.request, uniqueEmail('verify'));
  await verify.goto(pathOf(fresh));
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/verify/', async (route) => {
    await held;
    await route.continue();
  });
  await verify.verifyButton.click();
  await expect(page.getByRole('button', { name: 'Loading...' })).toBeDisabled();
  release();
  await expect(page.getByText('Your email has been Verified!, Click the link below to login')).toBeVisible();
  await expect(page.locator('.alert-success').getByRole('link', { name: 'Login' })).toBeVisible();
});
