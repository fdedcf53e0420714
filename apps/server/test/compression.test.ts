import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/contract/paths';
import { seedTimeseries } from '@portal/db/testing';
import { getRaw as get } from './http.ts';
import { loginAs } from './login-as.ts';
import { startTestServer, type TestServer } from './test-server.ts';

// Compression does not depend on the database, so one dialect is enough here.
describe('compressed answers', () => {
  let server: TestServer;
  const sources = () => `${server.url}${API.sources}`;

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    await seedTimeseries(server.db, {
      dataset: 'lighting',
      variables: [{ sources: ['energy/access'], name: 'Electricity access', unit: '%', period: 'year' }],
      locations: [{ name: 'Nairobi', countyCode: 47 }],
      observations: Array.from(
        { length: 300 },
        (_, i) => ['Electricity access', 'Nairobi', `${1700 + i}-01-01`, i] as [string, string, string, number],
      ),
    });
  });
  afterAll(() => server?.close());

  it('sends JSON in brotli or gzip as the client prefers, with Vary', async () => {
    const plain = await get(sources(), { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const brotli = await get(sources(), { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.body.length).toBeLessThan(plain.body.length / 2);
    expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);
    // Compressed in one piece, so its length is known before sending (a stream would be chunked).
    expect(Number(brotli.headers['content-length'])).toBe(brotli.body.length);

    const gzip = await get(sources(), { 'accept-encoding': 'gzip;q=1, br;q=0.5' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
  });

  it('leaves small answers and clients that accept no encoding alone', async () => {
    const small = await get(`${server.url}${API.health}`, { 'accept-encoding': 'gzip, br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toEqual({ status: 'ok' });
    const none = await get(sources(), {});
    expect(none.headers['content-encoding']).toBeUndefined();
  });

  it('still compresses streamed bodies (the CSV export)', async () => {
    const cookie = await loginAs(server.db, 'compression@example.org');
    const url = `${server.url}${API.observationsCsv('energy', 'access')}?start=1700-01-01&end=2000-12-31&variable=Electricity%20access&location=Nairobi`;
    const csv = await get(url, { cookie, 'accept-encoding': 'gzip' });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-encoding']).toBe('gzip');
    const lines = gunzipSync(csv.body).toString().trim().split('\n');
    expect(lines[0]).toBe('timestamp,variable,value,unit,location,dataset');
    expect(lines).toHaveLength(301);
  });
});
