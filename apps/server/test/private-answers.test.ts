import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/contract/paths';
import { seedTimeseries, testDialects } from '@portal/db/testing';
import { type Answer, call } from './http.ts';
import { buildTestApp, type TestApp } from './test-server.ts';
import { addUser } from './users.ts';

const email = 'private@example.org';
const preview = { start: '2019-01-01', end: '2019-12-31', variables: ['Farming households'], locations: ['Nakuru'] };
const csv = `${API.observationsCsv('agriculture', 'production')}?start=2019-01-01&end=2019-12-31&variable=Farming%20households&location=Nakuru`;

/** Neither the browser nor a cache between may keep the answer. */
const expectNoStore = (answer: Answer, what: string) =>
  expect(answer.headers.get('cache-control'), what).toBe('no-store');

for (const { dialect, available } of await testDialects()) {
  describe.skipIf(!available)(`answers that depend on who asks, on ${dialect}`, () => {
    let server: TestApp;
    let session: string;
    let token: string;

    beforeAll(async () => {
      server = await buildTestApp(dialect);
      await addUser(server.db, email, 'the right password');
      // The CSV's variable, which the open API looks up before it answers.
      await seedTimeseries(server.db, {
        dataset: 'farming',
        variables: [
          { sources: ['agriculture/production'], name: 'Farming households', unit: 'households', period: 'year' },
        ],
        locations: [{ name: 'Nakuru', countyCode: 32 }],
        observations: [['Farming households', 'Nakuru', '2019-01-01', 1]],
      });
    });
    afterAll(async () => {
      await server?.close();
    });

    it('are never stored: the account calls, whatever their outcome', async () => {
      const login = await call(server, API.login, { body: { email, password: 'the right password' } });
      expect(login.status).toBe(200);
      expectNoStore(login, 'login');
      session = login.session!;
      expectNoStore(await call(server, API.login, { body: { email, password: 'a wrong password' } }), 'failed login');
      expectNoStore(await call(server, API.check, { body: { email }, session }), 'check');
      const created = await call(server, API.apiTokens, { session, body: { name: 'script' } });
      expect(created.status).toBe(201);
      expectNoStore(created, 'new token');
      token = created.body.token;
      for (const path of [API.account, API.accountExports, API.apiTokens]) {
        const answer = await call(server, path, { session });
        expect(answer.status, path).toBe(200);
        expectNoStore(answer, path);
        expectNoStore(await call(server, path), `${path} without a session`);
      }
    });

    it('are never stored: exports and CSV, with a session, a token or neither', async () => {
      const exported = await call(server, API.timeseriesExport, { body: preview, session });
      expect(exported.status).toBe(200);
      expectNoStore(exported, 'export');
      expectNoStore(await call(server, API.timeseriesExport, { body: preview }), 'export without a session');
      const withToken = await call(server, csv, { headers: { authorization: `Bearer ${token}` } });
      expect(withToken.status).toBe(200);
      expectNoStore(withToken, 'CSV with a token');
      expectNoStore(await call(server, csv), 'CSV without a token');
      expectNoStore(await call(server, API.rasterDownload, { body: { layers: ['No such layer'] }, session }), 'raster');
      // The logout last: it ends the session.
      expectNoStore(await call(server, API.logout, { body: { email }, session }), 'logout');
    });

    it('leave the public answers cacheable', async () => {
      expect((await call(server, API.sectors, { session })).headers.get('cache-control')).not.toBe('no-store');
    });
  });
}
