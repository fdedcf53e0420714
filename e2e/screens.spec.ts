import { expect, expectNoAxeViolations, test, watchCsp } from './fixtures/portal.ts';
import { openScreen, SCREENS } from './fixtures/screens.ts';

// What every screen owes every visitor, checked once per screen: it loads whole, with the footer;
// axe (WCAG 2.0 / 2.1 A and AA) finds nothing; nothing breaks the Content-Security-Policy; and
// on a phone (360 x 740) it does not scroll sideways.
test.describe('every screen', () => {
  for (const screen of SCREENS) {
    test(`${screen.name} (${screen.path})`, async ({ page, footer }) => {
      const cspViolations = await watchCsp(page);
      await openScreen(page, screen);
      await footer.expectComplete();
      await expectNoAxeViolations(page);
      expect(await cspViolations()).toEqual([]);

      await page.setViewportSize({ width: 360, height: 740 });
      await openScreen(page, screen);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    });
  }
});
