import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API } from '@portal/contract/paths';
import type { TestDatabase } from '@portal/db/testing';
import { importData } from '@portal/importer';
import type { MailMessage } from '@portal/testing/mail-message';
import { mailDatabaseVariants, openVariant } from './database-variants.ts';
import { call } from './http.ts';
import { loginAs } from './login-as.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from './test-server.ts';

const RAIN = 'Test rainfall anomaly';
const POPULATION = 'Test population';
/** Monthly rainfall in Turkana, as a share of the long-term average; Marsabit has none. */
const months = (values: [string, number][]) =>
  ['County,Month,Anomaly', ...values.map(([month, value]) => `TURKANA,${month}-01,${value}`)].join('\n');

/** A throwaway data folder: a monthly county rainfall table and a yearly population table, as the importer reads them. */
function testData() {
  const root = mkdtempSync(join(tmpdir(), 'portal-alert-data-'));
  const sourcesDir = join(root, 'sources');
  const rawDir = join(root, 'raw');
  mkdirSync(sourcesDir);
  mkdirSync(join(rawDir, 'test'), { recursive: true });
  const locations = [
    { name: 'Turkana', kind: 'county', countyCode: 23 },
    { name: 'Marsabit', kind: 'county', countyCode: 10 },
  ];
  writeFileSync(join(sourcesDir, 'locations.json'), JSON.stringify({ locations }));
  const manifest = (id: string, file: string, time: object, variable: object) =>
    writeFileSync(
      join(sourcesDir, `${id}.json`),
      JSON.stringify({
        id,
        title: `Test dataset ${id}`,
        file,
        publisher: 'Test Bureau',
        licence: 'CC BY 4.0',
        licenceId: 'CC-BY-4.0',
        citation: 'Test Bureau (2026).',
        sourceUrl: 'https://example.org/data',
        retrieved: '2026-11-22',
        location: { column: 'County' },
        time,
        variables: [variable],
      }),
    );
  manifest(
    'test-rain',
    'test/rain.csv',
    { column: 'Month', format: 'YYYY-MM-DD', period: 'month' },
    { column: 'Anomaly', name: RAIN, unit: '% of average', sources: ['climate/weather-observations'] },
  );
  manifest(
    'test-population',
    'test/population.csv',
    { value: '2019', format: 'YYYY', period: 'year' },
    { column: 'People', name: POPULATION, unit: 'persons', sources: ['climate/weather-observations'] },
  );
  writeFileSync(join(rawDir, 'test/population.csv'), 'County,People\nTURKANA,926976\nMARSABIT,459785\n');
  return {
    sourcesDir,
    rawDir,
    rain: (values: [string, number][]) => writeFileSync(join(rawDir, 'test/rain.csv'), months(values)),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

const unsubscribeLink = (mail: MailMessage) => {
  const link = /<(https?:\/\/[^>]+\/unsubscribe\/[A-Za-z0-9_-]+)>/.exec(
    mail.headers.get('list-unsubscribe') ?? '',
  )?.[1];
  if (!link) throw new Error(`no List-Unsubscribe link in the mail:\n${[...mail.headers].join('\n')}`);
  return link.slice(TEST_PUBLIC_URL.length);
};

for (const { dialect, available } of await mailDatabaseVariants()) {
  describe.skipIf(!available)(`alerts on a monthly county figure on ${dialect}`, () => {
    let sink: SmtpSink;
    let database: TestDatabase;
    let server: TestApp;
    let fixture: ReturnType<typeof testData>;
    const runImport = () => importData(database.db, { sourcesDir: fixture.sourcesDir, rawDir: fixture.rawDir });
    const setAlert = (session: string, body: object, headers: Record<string, string> = {}) =>
      call(server, API.alerts, { method: 'POST', body, headers: { cookie: session, ...headers } });
    const myAlerts = async (session: string) => (await call(server, API.alerts, { headers: { cookie: session } })).body;
    const turkanaBelow70 = { variable: RAIN, county: 'turkana', comparison: 'below', threshold: 70 };

    beforeAll(async () => {
      sink = await startSmtpSink();
    });
    afterAll(() => sink.close());
    beforeEach(async () => {
      database = await openVariant(dialect);
      server = await buildTestApp('sqlite', { database, smtpUrl: sink.url });
      fixture = testData();
      fixture.rain([
        ['2026-01', 80],
        ['2026-02', 90],
      ]);
      await runImport();
      sink.received.length = 0;
    });
    afterEach(async () => {
      await server.close();
      await database.cleanup();
      fixture.remove();
    });

    it('sets alerts on monthly county figures only, refuses bad input with a reason in either language, and ends them', async () => {
      const session = await loginAs(database.db, 'planner@example.org');
      const series = await call(server, API.alertSeries, { headers: { cookie: session } });
      expect(series.body).toEqual([
        { variable: RAIN, unit: '% of average', counties: [{ slug: 'turkana', name: 'Turkana' }] },
      ]);

      const set = await setAlert(session, turkanaBelow70);
      expect(set.status).toBe(200);
      expect(set.body).toMatchObject({
        variable: RAIN,
        unit: '% of average',
        county: 'Turkana',
        comparison: 'below',
        threshold: 70,
        last: { month: '2026-02-01', value: 90, onSide: false },
      });
      expect(set.body.path).toBe(
        `/sectors/climate/weather-observations/timeseries?start=2025-03-01&end=2026-02-01&variable=${encodeURIComponent(RAIN).replace(/%20/g, '+')}&location=Turkana`,
      );
      expect(await myAlerts(session)).toEqual([set.body]);
      // A script reads the same list with a personal API token.
      const token = await call(server, API.apiTokens, {
        method: 'POST',
        body: { name: 'script' },
        headers: { cookie: session },
      });
      const viaToken = await call(server, API.alerts, { headers: { authorization: `Bearer ${token.body.token}` } });
      expect(viaToken.body).toEqual([set.body]);

      const refused = async (body: object, status: number, text: string, language = 'en') => {
        const answer = await setAlert(session, body, { 'accept-language': language });
        expect(answer.status).toBe(status);
        expect(JSON.stringify(answer.body)).toContain(text);
      };
      await refused({ ...turkanaBelow70, comparison: 'under' }, 400, 'Choose below or above');
      await refused({ ...turkanaBelow70, threshold: 'seventy' }, 400, 'Give the threshold as a number');
      await refused(
        { ...turkanaBelow70, variable: 'Rain, nowhere' },
        404,
        'No figure has the name \\"Rain, nowhere\\"',
      );
      await refused({ ...turkanaBelow70, county: 'atlantis' }, 404, 'atlantis');
      await refused({ ...turkanaBelow70, variable: POPULATION }, 400, 'has no monthly values');
      await refused({ ...turkanaBelow70, variable: POPULATION }, 400, 'haina thamani za kila mwezi', 'sw');
      await refused({ ...turkanaBelow70, county: 'marsabit' }, 400, 'has no values for Marsabit');
      await refused({ ...turkanaBelow70, county: 'marsabit' }, 400, 'haina thamani za Marsabit', 'sw');
      expect((await call(server, API.alerts, { method: 'POST', body: turkanaBelow70 })).status).toBe(401);

      const end = (id: string) => call(server, API.alert(id), { method: 'DELETE', headers: { cookie: session } });
      const other = await loginAs(database.db, 'other@example.org');
      expect(
        (await call(server, API.alert(set.body.id), { method: 'DELETE', headers: { cookie: other } })).status,
      ).toBe(404);
      expect((await end(set.body.id)).status).toBe(204);
      expect((await end(set.body.id)).status).toBe(404);
      expect((await end('not-an-id')).status).toBe(400);
      expect(await myAlerts(session)).toEqual([]);
    });

    it('mails a crossing once across imports, in the language the alert was made in, and one click ends the alert', async () => {
      const english = await loginAs(database.db, 'planner@example.org');
      const swahili = await loginAs(database.db, 'mpangaji@example.org');
      await setAlert(english, turkanaBelow70);
      await setAlert(swahili, turkanaBelow70, { 'accept-language': 'sw' });
      const sendAll = () => server.app.outbox.sendDue();

      // March falls below 70 % while February was above: a crossing, told once to each.
      const march: [string, number][] = [
        ['2026-01', 80],
        ['2026-02', 90],
        ['2026-03', 60],
      ];
      fixture.rain(march);
      await runImport();
      expect(await sendAll()).toBe(2);
      const mail = await sink.next('planner@example.org');
      expect(mail.subject).toContain('An alert you set was reached');
      expect(mail.text).toContain(
        `${RAIN} in Turkana: 60 % of average in March 2026, below your threshold of 70 % of average`,
      );
      expect(mail.text).toContain(
        `${TEST_PUBLIC_URL}/sectors/climate/weather-observations/timeseries?start=2025-04-01&end=2026-03-01&variable=`,
      );
      expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      const inSwahili = await sink.next('mpangaji@example.org');
      expect(inSwahili.subject).toContain('Arifa uliyoweka imefikiwa');
      expect(inSwahili.text).toContain('chini ya kiwango chako cha 70 % of average');
      expect(await myAlerts(english)).toEqual([
        expect.objectContaining({ last: { month: '2026-03-01', value: 60, onSide: true } }),
      ]);

      // A reload with the same latest month (an older value corrected) tells nothing more.
      march[0] = ['2026-01', 81];
      fixture.rain(march);
      await runImport();
      expect(await sendAll()).toBe(0);

      // Back above the threshold: no mail, and the state says so.
      fixture.rain([...march, ['2026-04', 75]]);
      await runImport();
      expect(await sendAll()).toBe(0);
      expect(await myAlerts(english)).toEqual([
        expect.objectContaining({ last: { month: '2026-04-01', value: 75, onSide: false } }),
      ]);

      // Below again: a new crossing, told once.
      fixture.rain([...march, ['2026-04', 75], ['2026-05', 65]]);
      await runImport();
      expect(await sendAll()).toBe(2);
      expect((await sink.next('planner@example.org')).text).toContain('65 % of average in May 2026');
      expect(sink.received).toHaveLength(4);

      // RFC 8058: the mail program posts the form; the alert ends, once.
      const oneClick = () =>
        call(server, unsubscribeLink(mail), {
          method: 'POST',
          body: 'List-Unsubscribe=One-Click',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
      const token = unsubscribeLink(mail).split('/').pop()!;
      expect((await call(server, API.unsubscribe(token))).body.follows).toEqual([
        expect.objectContaining({ kind: 'alert', title: `${RAIN}, Turkana`, following: true }),
      ]);
      const first = await oneClick();
      expect(first.status).toBe(200);
      expect(first.body.follows).toEqual([expect.objectContaining({ kind: 'alert', following: false })]);
      expect(await myAlerts(english)).toEqual([]);
      expect((await oneClick()).body).toEqual(first.body);
      // The other user's alert stays.
      expect(await myAlerts(swahili)).toHaveLength(1);
    });
  });
}
