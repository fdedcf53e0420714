import { HighlightsResponseSchema } from '@portal/contract/highlights';
import { API } from '@portal/contract/paths';
import { expect, expectNoAxeViolations, test } from './fixtures/portal.ts';

test.describe('landing page figures', () => {
  test('shows each figure the API gives, with its place, period, unit, source and a link to its series', async ({ page, request }) => {
    const { figures, longestRecords } = HighlightsResponseSchema.parse(await (await request.get(API.highlights)).json());
    expect(figures.length).toBeGreaterThanOrEqual(4);
    await page.goto('/');
    const section = page.getByRole('region', { name: 'The data at a glance' });
    const cards = section.getByRole('article');
    await expect(cards).toHaveCount(figures.length);
    for (const [i, figure] of figures.entries()) {
      const card = cards.nth(i);
      await expect(card.getByRole('heading', { level: 3 })).toHaveText(figure.variable);
      await expect(card).toContainText(figure.unit);
      await expect(card).toContainText(`Source: ${figure.dataset.publisher}`);
      await expect(card).toContainText(figure.location ?? `Median of the ${figure.counties} counties with a value`);
      await expect(card).toContainText(
        figure.period === 'year'
          ? figure.latest.date.slice(0, 4)
          : new Date(figure.latest.date).toLocaleString('en', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
      );
      await expect(card.getByRole('img')).toHaveAttribute('aria-label', /^Trend from .+ to .+: lowest .+, highest .+/);
    }
    const records = page.getByRole('region', { name: 'The longest records' }).getByRole('listitem');
    await expect(records).toHaveCount(longestRecords.length);
    await expect(records.first().getByRole('link')).toHaveText(longestRecords[0].title);
    await expectNoAxeViolations(page);

    const electricity = cards.filter({ hasText: 'Access to electricity' });
    await electricity.getByRole('link', { name: 'See the series of Access to electricity' }).click();
    await expect(page).toHaveURL(/\/timeseries\?.*variable=Access\+to\+electricity/);
    await expect(page.getByRole('checkbox', { name: 'Access to electricity (% of population)', exact: true })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Kenya', exact: true })).toBeChecked();
  });
});
