import { expect, expectNoAxeViolations, test, watchCsp } from './fixtures/portal.ts';
import { expectTargetsOfMinimumSize } from './fixtures/fit.ts';
import { EMBED_PREFIX } from '@portal/contract/paths';
import { asHtml, openScreen, SCREENS } from './fixtures/screens.ts';

/** React's reports of a page whose HTML and first render disagree (its production messages name the error by number). */
const HYDRATION_ERROR = /hydrat|Minified React error #(418|419|421|422|423|425)/i;

// What every screen owes every visitor, checked once per screen: its HTML, fetched without
// JavaScript, holds its heading and first data; it hydrates without a mismatch; it loads whole,
// with the footer (an embed, its own); axe (WCAG 2.0 / 2.1 A and AA, 2.2 AA) finds nothing; nothing breaks the
// Content-Security-Policy; and on a phone (360 x 740) it does not scroll sideways and every target
// is at least 24 x 24 px.
test.describe('every screen', () => {
  for (const screen of SCREENS) {
    test(`${screen.name} (${screen.path})`, async ({ page, request, footer }) => {
      const html = await (await request.get(screen.path)).text();
      const body = html.slice(html.indexOf('<body')).replace(/<script[\s\S]*?<\/script>/g, '');
      expect(body).toMatch(/<h1[^>]*>[^<]+/);
      expect(body).toContain(asHtml(screen.shows));

      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && HYDRATION_ERROR.test(message.text())) errors.push(message.text());
      });
      page.on('pageerror', (error) => {
        if (HYDRATION_ERROR.test(error.message)) errors.push(error.message);
      });
      const cspViolations = await watchCsp(page);
      await openScreen(page, screen);
      // An embed has a footer of its own (e2e/embeds.spec.ts), not the portal's.
      if (!screen.path.startsWith(EMBED_PREFIX)) await footer.expectComplete();
      await expectNoAxeViolations(page);
      expect(await cspViolations()).toEqual([]);
      expect(errors).toEqual([]);

      await page.setViewportSize({ width: 360, height: 740 });
      await openScreen(page, screen);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expectTargetsOfMinimumSize(page);
    });
  }
});
