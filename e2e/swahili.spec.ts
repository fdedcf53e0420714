import type { Page } from '@playwright/test';
import { translator } from '@portal/contract/messages';
import '@portal/contract/messages-sw';
import '@portal/contract/messages-documents';
import { PASSWORD, signupValues } from './fixtures/accounts.ts';
import { linkIn } from '@portal/testing/mail-message';
import { nextMail, pathOf } from './fixtures/mailbox.ts';
import { expectNoAxeViolations } from './fixtures/portal.ts';
import { expect, test, uniqueEmail } from './fixtures/test.ts';

const sw = translator('sw');
const SITE_NAME = 'Kenya CLEW Data Observatory';
const VARIABLE = 'Electricity access';

const languageCookie = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'lang')?.value;

test.describe('the pages in Swahili', () => {
  test('the top bar switches to Swahili, by keyboard; landing, sector, preview, sign-up, e-mail and export follow', async ({
    page,
    alerts,
  }) => {
    // Six flows in one visit, with axe after each: over a minute when the whole suite shares the machine.
    test.slow();
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const menu = page.locator('#language-menu');
    await expect(menu).toHaveAccessibleName('Language English');
    await menu.focus();
    await page.keyboard.press('Enter');
    const swahili = page.getByRole('button', { name: 'Kiswahili' });
    await expect(swahili).toHaveAttribute('lang', 'sw');
    await swahili.focus();
    await page.keyboard.press('Enter');

    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
    await expect(menu).toHaveAccessibleName('Lugha Kiswahili');
    expect(await languageCookie(page)).toBe('sw');
    const start = page.getByRole('link', { name: sw('home.start') });
    await expect(start).toBeVisible();
    await expectNoAxeViolations(page);

    // Sectors and their sources come from the server in Swahili; data names stay as they are.
    await start.click();
    await expect(page.getByRole('heading', { name: sw('sectors.title'), level: 1 })).toBeVisible();
    await page.getByRole('link', { name: sw('sectors.explore', { sector: 'Nishati' }) }).click();
    await expect(page).toHaveURL('/sectors/energy');
    await expect(page.getByRole('heading', { name: sw('sectorPage.title', { sector: 'Nishati' }) })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: sw('sourceList.dataPageOf', { source: 'Upatikanaji' }) }).click();
    await expect(page).toHaveURL('/sectors/energy/access/timeseries');
    await expect(
      page.getByRole('heading', { name: sw('source.title', { sector: 'Nishati', source: 'Upatikanaji' }) }),
    ).toBeVisible();

    // Dates are typed and shown as dd/MM/yyyy.
    const from = page.getByPlaceholder(sw('timeseries.dates.startPlaceholder'));
    const to = page.getByPlaceholder(sw('timeseries.dates.endPlaceholder'));
    for (const [field, text] of [
      [from, '01/01/2019'],
      [to, '31/12/2019'],
    ] as const) {
      await field.fill(text);
      await field.press('Escape');
      await field.press('Tab');
    }
    await expect(to).toHaveValue('31/12/2019');
    await to.click();
    await expect(page.locator('.react-datepicker__month-select')).toHaveValue('11');
    await expect(page.locator('.react-datepicker__month-select option:checked')).toHaveText('Desemba');
    await page.keyboard.press('Escape');
    // A notice of the panel closes by a button named in Swahili.
    await from.fill('31/13/2019');
    await from.press('Escape');
    await from.press('Tab');
    const notice = page.getByRole('alert').filter({ hasText: sw('timeseries.invalidDate') });
    await notice.getByRole('button', { name: sw('status.close'), exact: true }).click();
    await expect(notice).toHaveCount(0);
    await expect(from).toHaveValue('01/01/2019');
    for (const name of [VARIABLE, 'Nairobi'])
      await page.locator(`[id="${name.toLowerCase().replace(/ /g, '-')}"]`).check();
    await page.getByRole('button', { name: sw('timeseries.panel.preview') }).click();
    const table = page.getByRole('region', { name: sw('timeseries.results.label') }).getByRole('table');
    await expect(table.locator('tbody tr')).toHaveCount(1);
    await expect(table.getByRole('columnheader', { name: sw('timeseries.results.value') })).toBeVisible();
    await expect(page.getByText(sw('timeseries.results.exportHint'))).toBeVisible();
    await expectNoAxeViolations(page);
    const timeseries = page.url();

    await page.getByRole('button', { name: sw('export.button') }).click();
    await expect(page).toHaveURL('/login');
    expect(alerts).toEqual([sw('auth.loginFirst')]);

    // Sign up: the answer and the e-mail are in Swahili.
    const email = uniqueEmail('swahili');
    await page.goto('/signup');
    await expect(page.getByRole('heading', { name: sw('signup.title') })).toBeVisible();
    for (const [name, value] of Object.entries(signupValues(email))) await page.locator(`[name="${name}"]`).fill(value);
    await page.locator('form button[type="submit"]').click();
    await expect(page.locator('.alert-success')).toHaveText(sw('auth.signedUp', { email }));
    await expectNoAxeViolations(page);
    const mail = await nextMail(email);
    expect(mail.subject).toBe(sw('mail.verify.subject', { siteName: SITE_NAME }));
    expect(mail.text).toContain(sw('mail.verify.intro', { siteName: SITE_NAME }));

    await page.goto(pathOf(linkIn(mail.text, '/verify/')));
    await page.getByRole('button', { name: sw('verify.submit') }).click();
    await expect(page.getByText(sw('verify.verified'))).toBeVisible();

    await page.goto('/login');
    await page.locator('[name="email"]').fill(email);
    await page.locator('[name="password"]').fill(PASSWORD);
    await page.getByRole('button', { name: sw('login.submit') }).click();
    await expect(page).not.toHaveURL(/\/login$/);

    // Export, logged in: the zip arrives.
    await page.goto(timeseries);
    await expect(page.getByPlaceholder(sw('timeseries.dates.startPlaceholder'))).toHaveValue('01/01/2019');
    // A first click here has at times started nothing (under investigation): the export is asked for again.
    let filename = '';
    await expect(async () => {
      const download = page.waitForEvent('download', { timeout: 15_000 });
      await page.getByRole('button', { name: sw('export.button') }).click();
      filename = (await download).suggestedFilename();
    }).toPass({ timeout: 60_000 });
    expect(filename).toMatch(/_portal_timeseries\.zip$/);
    await expectNoAxeViolations(page);

    // Logging out clears local storage; the language is the cookie's, and stays.
    await page.locator('#user-menu').click();
    await page.getByRole('button', { name: sw('userMenu.logout') }).click();
    await expect(page.getByRole('link', { name: sw('topBar.login'), exact: true })).toBeVisible();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
    expect(await languageCookie(page)).toBe('sw');
  });

  test('a ?lang=sw link opens in Swahili and remembers it for the next pages and the server; the side menu of a small screen switches back to English', async ({
    page,
  }) => {
    await page.goto('/about?lang=sw');
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
    await expect(page.getByRole('heading', { name: 'KUHUSU SISI' })).toBeVisible();
    expect(await languageCookie(page)).toBe('sw');
    await expectNoAxeViolations(page);

    // The server now writes the page's language itself, before any script runs.
    const next = await page.goto('/sectors');
    expect(await next!.text()).toContain('<html lang="sw"');
    await expect(page.getByRole('heading', { name: sw('sectors.title'), level: 1 })).toBeVisible();
    await expect(page.locator('.sector-card').first()).toContainText('Kilimo / Ardhi');

    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/sectors/agriculture/carbon/timeseries?lang=sw');
    await expect(
      page.getByRole('banner').getByRole('button', { name: sw('topBar.toggle'), exact: true }),
    ).toBeVisible();
    await page.getByRole('button', { name: sw('sideMenu.open'), exact: true }).click();
    const menu = page.locator('#side-language-menu');
    await expect(menu).toHaveAccessibleName('Lugha Kiswahili');
    await menu.click();
    await page.getByRole('dialog').getByRole('button', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(await languageCookie(page)).toBe('en');
    // The shared address follows the choice, so copying it now gives English.
    await expect.poll(() => new URL(page.url()).searchParams.get('lang')).toBe('en');
    await expect(page.getByRole('heading', { name: 'Agricultural / Land Sector - Carbon' }).first()).toBeVisible();
  });
});
