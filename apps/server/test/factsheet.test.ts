import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { Piscina } from 'piscina';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CountyProfileSchema } from '@portal/contract/counties';
import { formatFigure, formatPeriod } from '@portal/contract/figure-format';
import { type Language, translator } from '@portal/contract/messages';
import '@portal/contract/messages-sw';
import { API, countyFactsheetPath, countyPath } from '@portal/contract/paths';
import { testDialects } from '@portal/db/testing';
import { getJson } from '@portal/testing/http';
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from './test-server.ts';

/** A PDF's pages and their text, as a reader's PDF viewer finds it. */
async function readPdf(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  const pdf = await getDocument({ data: bytes.slice(), useSystemFonts: false, isEvalSupported: false }).promise;
  const texts: string[] = [];
  for (let page = 1; page <= pdf.numPages; page++) {
    const content = await (await pdf.getPage(page)).getTextContent();
    texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  return { pages: pdf.numPages, text: texts.join('\n') };
}

/** Text without its spaces and line breaks, so that words wrapped over two lines still match. */
const squash = (text: string) => text.replace(/\s+/g, '');

for (const { dialect, available } of await testDialects()) {
  describe.skipIf(!available)(`county fact sheets on ${dialect}`, () => {
    let server: TestApp;
    const factsheet = async (path: string, headers: Record<string, string> = {}) => {
      const response = await server.fetch(path, { headers });
      return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
    };

    beforeAll(async () => {
      server = await buildTestApp(dialect, { template: 'data' });
    }, 240_000);
    afterAll(() => server.close());

    for (const language of ['en', 'sw'] as Language[]) {
      it(`puts Turkana's figures with unit, period and rank, its sources and a link to its page on at most two A4 pages (${language})`, async () => {
        const t = translator(language);
        const profile = await getJson(server, `${API.county('turkana')}?lang=${language}`, CountyProfileSchema);
        const { response, bytes } = await factsheet(`${API.countyFactsheet('turkana')}?lang=${language}`);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('application/pdf');
        expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
        expect(bytes.byteLength).toBeLessThan(300_000);

        const { pages, text } = await readPdf(bytes);
        expect(pages).toBeGreaterThanOrEqual(1);
        expect(pages).toBeLessThanOrEqual(2);
        const found = squash(text);
        expect(found).toContain(squash(t('factsheet.title', { name: 'Turkana' })));
        expect(found).toContain(squash(TEST_PUBLIC_URL + countyPath('turkana')));
        const access = profile.figures.find((f) => f.variable === 'Electricity access')!;
        for (const part of [
          access.variable,
          formatFigure(access.latest!.value, language),
          access.unit,
          formatPeriod(access.latest!.date, access.period, language),
          t('factsheet.rank', access.rank!),
          formatFigure(access.national!.value, language),
        ])
          expect(found).toContain(squash(part));
        // A monthly figure's month is written in the fact sheet's language.
        const rainfall = profile.figures.find((f) => f.period === 'month' && f.latest)!;
        expect(found).toContain(squash(formatPeriod(rainfall.latest!.date, 'month', language)));
        expect(found).toContain(squash(t('county.sources')));
        const publishers = new Set(profile.figures.filter((f) => f.latest).map((f) => f.dataset.publisher));
        expect(publishers.size).toBeGreaterThanOrEqual(3);
        for (const publisher of publishers) expect(found).toContain(squash(publisher));
      });
    }

    it('keeps a made fact sheet until the data change: one made for two requests, 304 for its ETag', async () => {
      const made = vi.spyOn(Piscina.prototype, 'run');
      const path = `${API.countyFactsheet('marsabit')}?lang=sw`;
      const first = await factsheet(path);
      const again = await factsheet(path);
      const page = await factsheet(`${countyFactsheetPath('marsabit')}?lang=sw`);
      expect(made).toHaveBeenCalledTimes(1);
      expect(again.bytes).toEqual(first.bytes);
      expect(page.bytes).toEqual(first.bytes);
      const etag = first.response.headers.get('etag')!;
      expect(etag).toMatch(/^W\/".+-marsabit-sw"$/);
      const unchanged = await factsheet(path, { 'if-none-match': etag });
      expect(unchanged.response.status).toBe(304);
      expect(unchanged.bytes.byteLength).toBe(0);
      // English is another document, with an ETag of its own.
      const english = await factsheet(`${API.countyFactsheet('marsabit')}?lang=en`, { 'if-none-match': etag });
      expect(english.response.status).toBe(200);
      expect(english.response.headers.get('etag')).not.toBe(etag);
      expect(made).toHaveBeenCalledTimes(2);

      // A data load (a dataset's newer loaded_at) makes a new one under a new ETag.
      await server.db
        .updateTable('datasets')
        .set({ loaded_at: Date.UTC(2099, 0, 1) })
        .execute();
      const reloaded = await factsheet(path, { 'if-none-match': etag });
      expect(reloaded.response.status).toBe(200);
      expect(reloaded.response.headers.get('etag')).not.toBe(etag);
      expect(made).toHaveBeenCalledTimes(3);
    });

    it('answers 404 for a county no one has, 400 for a language the portal has not or for two, in words', async () => {
      const unknown = await server.fetch(`${API.countyFactsheet('atlantis')}?lang=en`);
      expect(unknown.status).toBe(404);
      expect(((await unknown.json()) as { error: { message: string } }).error.message).toContain("'atlantis'");
      const page = await server.fetch(`${countyFactsheetPath('atlantis')}?lang=sw`);
      expect(page.status).toBe(404);
      expect(((await page.json()) as { error: { message: string } }).error.message).toContain('Hakuna kaunti');
      const twice = await server.fetch(`${API.countyFactsheet('turkana')}?lang=en&lang=sw`);
      expect(twice.status).toBe(400);
      expect(((await twice.json()) as { error: { message: string } }).error.message).toContain(
        `lang: ${translator('en')('issue.repeated')}`,
      );
      const french = await server.fetch(`${API.countyFactsheet('turkana')}?lang=fr`);
      expect(french.status).toBe(400);
      expect(((await french.json()) as { error: { message: string } }).error.message).toContain(
        translator('en')('issue.language'),
      );
    });
  });
}
