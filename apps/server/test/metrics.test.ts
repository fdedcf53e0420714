import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SpecErrorSchema } from '@portal/contract/errors';
import { translator } from '@portal/contract/messages';
import { API } from '@portal/contract/paths';
import { testDialects } from '@portal/db/testing';
import { call } from './http.ts';
import { buildTestApp, type TestApp } from './test-server.ts';

const t = translator();
const TOKEN = 'scraper-token-0123456789';

/** The metrics as text, scraped with the token. */
async function scrape(server: TestApp): Promise<string> {
  const response = await server.fetch(API.metrics, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
}

/** The value of one series, e.g. value(text, 'http_request_duration_seconds_count', {route: '/api/health'}); 0 when absent. */
function value(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text
    .split('\n')
    .find(
      (l) =>
        (l.startsWith(`${name}{`) && wanted.every((w) => l.includes(w))) ||
        (l.startsWith(`${name} `) && !wanted.length),
    );
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

for (const { dialect, available } of await testDialects()) {
  describe.skipIf(!available)(`metrics on ${dialect}`, () => {
    let server: TestApp;
    beforeAll(async () => {
      server = await buildTestApp(dialect, { metricsToken: TOKEN, expectedDatasets: ['not-loaded-yet'] });
    });
    afterAll(() => server.close());

    it('counts requests by route pattern and status class, never by the raw URL', async () => {
      const before = await scrape(server);
      const sectorRoute = { route: '/api/v1/sectors/:sector', status_class: '2xx' };
      for (let i = 0; i < 3; i++) expect((await call(server, API.health)).status).toBe(200);
      expect((await call(server, API.sector('energy'))).status).toBe(200);
      expect((await call(server, API.sector('water'))).status).toBe(200);
      expect((await call(server, API.sector('no-such-sector'))).status).toBe(404);
      expect((await call(server, '/api/random-path-1')).status).toBe(404);
      expect((await call(server, '/api/random-path-2')).status).toBe(404);
      const after = await scrape(server);
      const moved = (labels: Record<string, string>) =>
        value(after, 'http_request_duration_seconds_count', labels) -
        value(before, 'http_request_duration_seconds_count', labels);
      expect(moved({ method: 'GET', route: API.health, status_class: '2xx' })).toBe(3);
      expect(moved(sectorRoute)).toBe(2);
      expect(moved({ route: '/api/v1/sectors/:sector', status_class: '4xx' })).toBe(1);
      expect(moved({ route: 'unmatched', status_class: '4xx' })).toBe(2);
      expect(after).not.toContain('random-path');
      expect(after).not.toContain('sectors/energy');
      expect(value(after, 'http_request_duration_seconds_sum', sectorRoute)).toBeGreaterThan(0);
    });

    it('times the database queries, tells the datasets loaded against those expected and the heavy reads waiting, and has the process metrics', async () => {
      const before = value(await scrape(server), 'portal_db_query_duration_seconds_count', { outcome: 'ok' });
      await call(server, API.sectors);
      const text = await scrape(server);
      expect(value(text, 'portal_db_query_duration_seconds_count', { outcome: 'ok' })).toBeGreaterThan(before);
      expect(value(text, 'portal_datasets', { state: 'expected' })).toBe(1);
      expect(value(text, 'portal_datasets', { state: 'loaded' })).toBe(0);
      expect(value(text, 'portal_heavy_reads', { state: 'waiting' })).toBe(0);
      expect(text).toContain('portal_layer_images_total{origin="render"} 0');
      expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
      expect(text).toContain('process_resident_memory_bytes');
    });

    it('answers 401 in the error shape, with the Bearer challenge, without the token or with another', async () => {
      for (const authorization of [undefined, 'Bearer wrong-token-0123456789', TOKEN]) {
        const answer = await call(server, API.metrics, { headers: authorization ? { authorization } : {} });
        expect(answer.status).toBe(401);
        expect(SpecErrorSchema.parse(answer.body)).toMatchObject({
          code: 'TOKEN_REQUIRED',
          error: t('error.metricsToken'),
        });
        expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      }
    });

    it('leaves /metrics out of the API reference', async () => {
      const document = (await call(server, API.openapi)).body as { paths: Record<string, unknown> };
      expect(Object.keys(document.paths)).not.toContain(API.metrics);
    });
  });
}

describe('metrics without a token', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await buildTestApp('sqlite');
  });
  afterAll(() => server.close());

  it('are not served: /metrics answers 404 like an unknown path, even with a token', async () => {
    const answer = await call(server, API.metrics, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(answer.status).toBe(404);
    expect(SpecErrorSchema.parse(answer.body)).toMatchObject({
      code: 'NOT_FOUND',
      error: t('error.noRoute', { method: 'GET', path: API.metrics }),
    });
  });
});
