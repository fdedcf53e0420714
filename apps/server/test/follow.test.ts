import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API, PAGES } from '@portal/contract/paths';
import type { TestDatabase } from '@portal/db/testing';
import { importData } from '@portal/importer';
import type { MailMessage } from '@portal/testing/mail-message';
import { AUTH_LIMITS } from '../src/plugins/auth-limits.ts';
import { mailDatabaseVariants, openVariant } from './database-variants.ts';
import { call } from './http.ts';
import { loginAs } from './login-as.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from './test-server.ts';

const CENSUS = 'census-lighting';
/** A small census-like table: Kenya and two counties, one value blank. */
const CENSUS_CSV = [
  'County,MainsElectricity,Solar',
  'KENYA,50.4,19.3',
  'NAIROBI CITY,96.5,0.4',
  'TAITA TAVETA,47.6,NA',
].join('\n');
/** The same table with Nairobi's mains electricity changed and Taita Taveta's solar share given. */
const CENSUS_CHANGED = CENSUS_CSV.replace('96.5,0.4', '97.0,0.4').replace('47.6,NA', '47.6,5.1');

/** A throwaway data folder with the census table's manifest, as the importer reads data/sources and data/raw. */
function testData() {
  const root = mkdtempSync(join(tmpdir(), 'portal-follow-data-'));
  const sourcesDir = join(root, 'sources');
  const rawDir = join(root, 'raw');
  mkdirSync(sourcesDir);
  mkdirSync(join(rawDir, 'census'), { recursive: true });
  const locations = [
    { name: 'Kenya', kind: 'country' },
    { name: 'Nairobi', kind: 'county', countyCode: 47, aliases: ['Nairobi City'] },
    { name: 'Taita Taveta', kind: 'county', countyCode: 6 },
  ];
  writeFileSync(join(sourcesDir, 'locations.json'), JSON.stringify({ locations }));
  writeFileSync(
    join(sourcesDir, `${CENSUS}.json`),
    JSON.stringify({
      id: CENSUS,
      title: `Test dataset ${CENSUS}`,
      file: 'census/census.csv',
      publisher: 'Test Bureau',
      licence: 'CC BY 4.0',
      licenceId: 'CC-BY-4.0',
      citation: 'Test Bureau (2019). Census.',
      sourceUrl: 'https://example.org/data',
      retrieved: '2026-11-22',
      location: { column: 'County' },
      time: { value: '2019', format: 'YYYY', period: 'year' },
      variables: [
        { column: 'MainsElectricity', name: 'Electricity access', unit: '% of households', sources: ['energy/access'] },
        { column: 'Solar', name: 'Main lighting fuel: Solar', unit: '% of households', sources: ['energy/sources'] },
      ],
    }),
  );
  return {
    sourcesDir,
    rawDir,
    census: (csv: string) => writeFileSync(join(rawDir, 'census/census.csv'), csv),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

const unsubscribeToken = (mail: MailMessage) => {
  const token = /<https?:\/\/[^>]+\/unsubscribe\/([A-Za-z0-9_-]+)>/.exec(
    mail.headers.get('list-unsubscribe') ?? '',
  )?.[1];
  if (!token) throw new Error(`no List-Unsubscribe link in the mail:\n${[...mail.headers].join('\n')}`);
  return token;
};

for (const { dialect, available } of await mailDatabaseVariants()) {
  describe.skipIf(!available)(`following by e-mail on ${dialect}`, () => {
    let sink: SmtpSink;
    let database: TestDatabase;
    let server: TestApp;
    let fixture: ReturnType<typeof testData>;
    const runImport = () => importData(database.db, { sourcesDir: fixture.sourcesDir, rawDir: fixture.rawDir });
    const follow = (session: string, kind: string, target: string, headers: Record<string, string> = {}) =>
      call(server, API.follows, { method: 'POST', body: { kind, target }, headers: { cookie: session, ...headers } });
    const myFollowsAnswer = (session: string) => call(server, API.follows, { headers: { cookie: session } });
    const myFollows = async (session: string) =>
      (await myFollowsAnswer(session)).body as { kind: string; target: string }[];
    const unsent = async () =>
      Number(
        (
          await database.db
            .selectFrom('mail_outbox')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('sent_at', 'is', null)
            .executeTakeFirstOrThrow()
        ).n,
      );

    beforeAll(async () => {
      sink = await startSmtpSink();
    });
    afterAll(() => sink.close());
    beforeEach(async () => {
      database = await openVariant(dialect);
      server = await buildTestApp('sqlite', { database, smtpUrl: sink.url });
      fixture = testData();
      fixture.census(CENSUS_CSV);
      await runImport();
      sink.received.length = 0;
    });
    afterEach(async () => {
      await server.close();
      await database.cleanup();
      fixture.remove();
    });

    it('follows only what exists, refuses bad input with a reason, and asks for a login', async () => {
      const session = await loginAs(database.db, 'reader@example.org');
      expect((await follow(session, 'dataset', CENSUS)).status).toBe(200);
      expect((await follow(session, 'dataset', CENSUS)).status).toBe(200);
      const county = await follow(session, 'county', 'taita-taveta');
      expect(county.body).toMatchObject({
        kind: 'county',
        target: 'taita-taveta',
        title: 'Taita Taveta',
        path: '/counties/taita-taveta',
      });
      expect(await myFollows(session)).toEqual([
        expect.objectContaining({ kind: 'county', target: 'taita-taveta' }),
        expect.objectContaining({ kind: 'dataset', target: CENSUS, path: `/datasets/${CENSUS}` }),
      ]);

      const unknown = await follow(session, 'source', 'energy/nothing');
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.message).toContain('energy/nothing');
      const badKind = await follow(session, 'person', 'x');
      expect(badKind.status).toBe(400);
      expect(JSON.stringify(badKind.body)).toContain('dataset, source or county');
      expect((await follow(session, 'county', 'taita taveta; drop')).status).toBe(400);
      expect(
        (await call(server, API.follows, { method: 'POST', body: { kind: 'county', target: 'nairobi' } })).status,
      ).toBe(401);

      const end = (kind: string, target: string) =>
        call(server, `${API.follows}?kind=${kind}&target=${encodeURIComponent(target)}`, {
          method: 'DELETE',
          headers: { cookie: session },
        });
      expect((await end('county', 'taita-taveta')).status).toBe(204);
      expect((await end('county', 'taita-taveta')).status).toBe(404);
      expect(await myFollows(session)).toEqual([expect.objectContaining({ kind: 'dataset', target: CENSUS })]);
    });

    it('limits the follow calls per address like the account calls', async () => {
      const session = await loginAs(database.db, 'busy@example.org');
      for (let i = 0; i < AUTH_LIMITS.account.perIp.max; i += 1)
        expect((await myFollowsAnswer(session)).status).toBe(200);
      const refused = await myFollowsAnswer(session);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    });

    it('sends one mail per user after an import, in their language, listing the changes with links and one-click unsubscribe', async () => {
      const english = await loginAs(database.db, 'english@example.org');
      const swahili = await loginAs(database.db, 'swahili@example.org');
      const elsewhere = await loginAs(database.db, 'elsewhere@example.org');
      // Two follows that the one changed dataset both matches: still one mail, naming the dataset once.
      await follow(english, 'dataset', CENSUS);
      await follow(english, 'county', 'nairobi');
      await follow(swahili, 'source', 'energy/access', { 'accept-language': 'sw' });
      await follow(elsewhere, 'source', 'agriculture/prices');

      fixture.census(CENSUS_CHANGED);
      await runImport();
      expect(sink.received).toEqual([]);
      expect(await server.app.outbox.sendDue()).toBe(2);
      expect(await server.app.outbox.sendDue()).toBe(0);
      expect(sink.received.map((m) => m.to).sort()).toEqual(['english@example.org', 'swahili@example.org']);

      const mail = await sink.next('english@example.org');
      expect(mail.subject).toContain('Data you follow changed');
      expect(mail.text).toContain(
        `Test dataset ${CENSUS}: 1 values added, 0 removed, 1 changed; dates 2019-01-01 to 2019-01-01`,
      );
      expect(mail.text.split(`${TEST_PUBLIC_URL}/datasets/${CENSUS}`)).toHaveLength(2);
      expect(mail.text).toContain(`because you follow: Nairobi, Test dataset ${CENSUS}.`);
      expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(mail.headers.get('list-unsubscribe')).toMatch(
        new RegExp(`^<${TEST_PUBLIC_URL}/unsubscribe/[A-Za-z0-9_-]{43}>$`),
      );
      const inSwahili = await sink.next('swahili@example.org');
      expect(inSwahili.subject).toContain('Data unazofuatilia zimebadilika');
      expect(inSwahili.text).toContain('thamani 1 zimeongezwa');

      // RFC 8058: the mail program posts the form; both follows the mail named end, once.
      const token = unsubscribeToken(mail);
      const oneClick = () =>
        call(server, PAGES.unsubscribe(token), {
          method: 'POST',
          body: 'List-Unsubscribe=One-Click',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
      const first = await oneClick();
      expect(first.status).toBe(200);
      expect(first.body.follows).toEqual([
        expect.objectContaining({ kind: 'county', target: 'nairobi', following: false }),
        expect.objectContaining({ kind: 'dataset', target: CENSUS, following: false }),
      ]);
      expect(await myFollows(english)).toEqual([]);
      expect((await oneClick()).body).toEqual(first.body);

      // The page's button: it reads what the link ends, then uses the open API's call.
      const page = unsubscribeToken(inSwahili);
      const state = await call(server, API.unsubscribe(page));
      expect(state.body.follows).toEqual([expect.objectContaining({ target: 'energy/access', following: true })]);
      const button = await call(server, API.unsubscribe(page), { method: 'POST' });
      expect(button.body.follows).toEqual([expect.objectContaining({ target: 'energy/access', following: false })]);
      expect((await call(server, API.unsubscribe(page), { method: 'POST' })).body).toEqual(button.body);
      expect(await myFollows(swahili)).toEqual([]);
      // A follow made again later is not ended by the old mail's link.
      await follow(swahili, 'source', 'energy/access');
      await call(server, API.unsubscribe(page), { method: 'POST' });
      expect(await myFollows(swahili)).toEqual([expect.objectContaining({ target: 'energy/access' })]);

      expect((await call(server, API.unsubscribe('A'.repeat(43)), { method: 'POST' })).status).toBe(404);
      expect((await call(server, API.unsubscribe('short'))).status).toBe(400);
    });

    it('sends each mail once when two instances send from one database', async () => {
      const readers = ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => `${name}@example.org`);
      for (const reader of readers) await follow(await loginAs(database.db, reader), 'county', 'nairobi');
      fixture.census(CENSUS_CHANGED);
      await runImport();

      const second = await buildTestApp('sqlite', {
        database: { ...database, db: database.another() },
        smtpUrl: sink.url,
      });
      try {
        const sent = await Promise.all([server.app.outbox.sendDue(), second.app.outbox.sendDue()]);
        expect(sent[0] + sent[1]).toBe(readers.length);
        expect(sink.received.map((m) => m.to).sort()).toEqual(readers);
        expect(await unsent()).toBe(0);
      } finally {
        await second.close();
      }
    });

    it('sends after a restart what was due before it, and takes over the claim of a sender that died', async () => {
      await follow(await loginAs(database.db, 'patient@example.org'), 'dataset', CENSUS);
      fixture.census(CENSUS_CHANGED);
      await runImport();
      await server.close();
      expect(await unsent()).toBe(1);

      server = await buildTestApp('sqlite', { database, smtpUrl: sink.url });
      // A sender that claimed the mail a moment ago still holds it ...
      const now = Date.now();
      await database.db.updateTable('mail_outbox').set({ claimed_at: now, claim_token: 'another sender' }).execute();
      expect(await server.app.outbox.sendDue(now)).toBe(0);
      // ... but one that has not recorded it sent for longer than the claim timeout is taken for dead.
      expect(await server.app.outbox.sendDue(now + 11 * 60_000)).toBe(1);
      expect((await sink.next('patient@example.org')).text).toContain(`/datasets/${CENSUS}`);
      expect(await unsent()).toBe(0);
    });

    it('gives a mail the SMTP server did not take back to the outbox, and sends it on a later try', async () => {
      await follow(await loginAs(database.db, 'later@example.org'), 'dataset', CENSUS);
      fixture.census(CENSUS_CHANGED);
      await runImport();
      await server.close();
      // Nothing listens on port 9 of the loopback: the connection is refused.
      server = await buildTestApp('sqlite', { database, smtpUrl: 'smtp://127.0.0.1:9' });
      const now = Date.now();
      expect(await server.app.outbox.sendDue(now)).toBe(0);
      const waiting = await database.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
      expect(waiting).toMatchObject({ attempts: 1, claimed_at: null, sent_at: null });
      expect(Number(waiting.due_at)).toBeGreaterThan(now);

      await server.close();
      server = await buildTestApp('sqlite', { database, smtpUrl: sink.url });
      expect(await server.app.outbox.sendDue(now)).toBe(0);
      expect(await server.app.outbox.sendDue(Number(waiting.due_at))).toBe(1);
      expect((await sink.next('later@example.org')).text).toContain(`/datasets/${CENSUS}`);
    });

    it('keeps a mail of an unfinished import back until the next import, then sends it', async () => {
      const session = await loginAs(database.db, 'early@example.org');
      await follow(session, 'dataset', CENSUS);
      fixture.census(CENSUS_CHANGED);
      await runImport();
      // As an import that died before its end leaves it.
      await database.db.updateTable('mail_outbox').set({ due_at: null }).execute();
      expect(await server.app.outbox.sendDue()).toBe(0);
      await runImport();
      expect(await server.app.outbox.sendDue()).toBe(1);
    });
  });
}
