import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/contract/paths';
import { LANGUAGE_PARAM, translator } from '@portal/contract/messages';
import '@portal/contract/messages-sw';
import { seedTimeseries, testDialects } from '@portal/db/testing';
import { type Answer, call } from './http.ts';
import { buildTestApp, type TestApp } from './test-server.ts';
import { addUser } from './users.ts';

const sw = translator('sw');
const SWAHILI = { cookie: 'lang=sw' };
/** English words of zod's own messages and of the old answers, and its symbols for limits. */
const ENGLISH = /\b(Invalid|Too|expected|received|must|least|most|number|string|querystring|input)\b|<=|>=/;

/** The text of an error answer in any of the three shapes. */
const messageOf = (answer: Answer): string =>
  typeof answer.body.error === 'string' ? answer.body.error : answer.body.error.message;

interface JsonSchema {
  type?: string | string[];
  anyOf?: JsonSchema[];
}
interface Parameter {
  name: string;
  in: string;
  schema: JsonSchema;
  example?: string | number | (string | number)[];
}
const takesList = (schema: JsonSchema): boolean =>
  [schema.type].flat().includes('array') || (schema.anyOf ?? []).some(takesList);

for (const { dialect, available } of await testDialects()) {
  describe.skipIf(!available)(`validation messages on ${dialect}`, () => {
    let server: TestApp;
    let session: string;
    const get = (path: string, headers?: Record<string, string>) => call(server, path, { headers });

    beforeAll(async () => {
      server = await buildTestApp(dialect);
      await addUser(server.db, 'words@example.org', 'the right password');
      session = (
        await call(server, API.login, { body: { email: 'words@example.org', password: 'the right password' } })
      ).session!;
    });
    afterAll(async () => {
      await server?.close();
    });

    it('writes a refused parameter wholly in Swahili, by the lang cookie or ?lang=, and in plain English', async () => {
      const path = `${API.layerValue('Forests')}?lat=100&lon=36.8`;
      const swahili = 'Ombi si sahihi (vigezo vya anwani): lat: thamani isizidi 90';
      expect(await get(path, SWAHILI)).toMatchObject({
        status: 400,
        body: { error: { code: 'VALIDATION_FAILED', message: swahili, details: [{ path: '/lat' }] } },
      });
      expect(messageOf(await get(`${path}&lang=sw`))).toBe(swahili);
      expect(messageOf(await get(path))).toBe('Invalid request (query string): lat: must be at most 90');
    });

    it('says every kind of broken rule in Swahili words, naming the field and its limits', async () => {
      const swahili = async (path: string, options: { body?: unknown; method?: string } = {}) => {
        const answer = await call(server, path, { ...options, session, headers: SWAHILI });
        expect(answer.status, path).toBe(400);
        const text = messageOf(answer);
        expect(text, path).not.toMatch(ENGLISH);
        return text;
      };
      expect(await swahili(`${API.layerValue('Forests')}?lat=north&lon=36.8`)).toBe(
        'Ombi si sahihi (vigezo vya anwani): lat: thamani iwe namba',
      );
      expect(await swahili(`${API.layerValue('Forests')}?lat=1&lon=36.8&zoom=1.5`)).toBe(
        'Ombi si sahihi (vigezo vya anwani): zoom: thamani iwe namba kamili',
      );
      expect(await swahili(`${API.layerValue('Forests')}?lon=36.8`)).toBe(
        'Ombi si sahihi (vigezo vya anwani): lat: thamani inahitajika',
      );
      expect(await swahili(`${API.wms}?store=Forests&images=jpeg`)).toBe(
        'images: thamani iwe mojawapo ya: base64, none',
      );
      expect(await swahili(`${API.choropleth}?source=energy&variable=x`)).toBe(
        `Ombi si sahihi (vigezo vya anwani): source: ${sw('issue.sourceName')}`,
      );
      expect(await swahili(API.county('Homa_Bay'))).toBe(`Ombi si sahihi (njia): slug: ${sw('issue.countySlug')}`);
      expect(await swahili(API.apiTokens, { body: { name: 'x'.repeat(61) } })).toBe(
        `Ombi si sahihi (maudhui): name: ${sw('apiToken.nameMax')}`,
      );
      // The spec's calls: a rule of the catalogue's error map is given its field.
      expect(await swahili(API.rasterDownload, { body: { layers: [] } })).toBe(
        'layers: orodha iwe na angalau kipengele 1',
      );
      expect(await swahili(API.rasterDownload, { body: { layers: ['Forests', 7] } })).toBe(
        'layers, kipengele cha 2: thamani iwe maandishi',
      );
    });

    it('refuses a repeated single-value parameter, naming it, on every route that has one', async () => {
      const doc = server.app.swagger() as {
        paths: Record<string, Record<string, { parameters?: Parameter[] }>>;
      };
      const checked: string[] = [];
      for (const [template, operations] of Object.entries(doc.paths)) {
        const parameters = operations.get?.parameters ?? [];
        const path = template.replace(/\{(\w+)\}/g, (_, name: string) =>
          encodeURIComponent(String(parameters.find((p) => p.name === name)?.example ?? 'x')),
        );
        const query = parameters.filter((p) => p.in === 'query');
        const examples = query.flatMap((p) =>
          [p.example ?? []].flat().map((value) => `${p.name}=${encodeURIComponent(String(value))}`),
        );
        // The answer's language is the first `lang` given, which this test sets after the others: a
        // route's own `lang` (the fact sheets') is refused twice in factsheet.test.ts.
        for (const parameter of query.filter((p) => !takesList(p.schema) && p.name !== LANGUAGE_PARAM)) {
          const value = encodeURIComponent(String(parameter.example ?? 'x'));
          const twice = [...examples, `${parameter.name}=${value}`, `${parameter.name}=${value}`];
          for (const [language, said] of [
            ['en', 'given more than once; give one value'],
            ['sw', sw('issue.repeated')],
          ]) {
            const answer = await call(server, `${path}?${twice.join('&')}&lang=${language}`, { session });
            const what = `${template} ?${parameter.name} twice (${language})`;
            expect(answer.status, what).toBe(400);
            expect(messageOf(answer), what).toContain(`${parameter.name}: ${said}`);
          }
          checked.push(`${template} ${parameter.name}`);
        }
      }
      expect(checked).toEqual(expect.arrayContaining([`${API.search} q`, '/api/get-wms store']));
      expect(checked.length).toBeGreaterThanOrEqual(10);
    });

    it('still takes the parameters that may repeat', async () => {
      // Names the source has: an unknown one is refused on its own account.
      await seedTimeseries(server.db, {
        dataset: 'repeated-names',
        variables: ['Farming households', 'Crop area'].map((name) => ({
          sources: ['agriculture/production'],
          name,
          unit: 'persons',
          period: 'year' as const,
        })),
        locations: [{ name: 'Nakuru', countyCode: 32 }],
        observations: [['Farming households', 'Nakuru', '2019-01-01', 1]],
      });
      const answer = await get(
        `${API.observations('agriculture', 'production')}?start=2019-01-01&end=2019-12-31&variable=Farming%20households&variable=Crop%20area&location=Nakuru`,
      );
      expect(answer.status).toBe(200);
    });
  });
}
