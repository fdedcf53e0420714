import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema, SpecErrorSchema, WmsErrorSchema } from '@portal/contract/errors';
import { API } from '@portal/contract/paths';
import { call } from './http.ts';
import { buildTestApp, type TestApp } from './test-server.ts';

/** A limit small enough to reach in a test; the portal's default is 600 a minute. */
const PER_MINUTE = 3;
const from = (address: string) => ({ 'x-forwarded-for': address });
const preview = { start: '2019-01-01', end: '2019-12-31', variables: ['Farming households'], locations: ['Nakuru'] };

describe('reads of data are limited per client, at the configured rate', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await buildTestApp('sqlite', { trustProxy: 1, readsPerMinute: PER_MINUTE });
  });
  afterAll(() => server.close());

  /** Makes the allowed calls from one address, then returns the answer to one more. */
  const overTheLimit = async (path: string, body: unknown, address: string) => {
    for (let i = 0; i < PER_MINUTE; i++)
      expect((await call(server, path, { body, headers: from(address) })).status, `call ${i + 1}`).toBeLessThan(429);
    return call(server, path, { body, headers: from(address) });
  };

  it("refuses the preview call past the limit in the spec's shape, and lets another client through", async () => {
    const refused = await overTheLimit(API.preview, preview, '10.1.0.1');
    expect(refused.status).toBe(429);
    expect(SpecErrorSchema.parse(refused.body).code).toBe('RATE_LIMITED');
    expect((await call(server, API.preview, { body: preview, headers: from('10.1.0.2') })).status).toBe(200);
  });

  it("refuses the map call in its own shape and the open API's reads in theirs, while /api/health answers", async () => {
    const wms = await overTheLimit(`${API.wms}?store=energy/access`, undefined, '10.2.0.1');
    expect(wms.status).toBe(429);
    expect(WmsErrorSchema.parse(wms.body).code).toBe('RATE_LIMITED');
    const v1 = await overTheLimit(API.datasets, undefined, '10.3.0.1');
    expect(v1.status).toBe(429);
    expect(ApiErrorSchema.parse(v1.body).error.code).toBe('RATE_LIMITED');
    for (let i = 0; i < PER_MINUTE + 2; i++)
      expect((await call(server, API.health, { headers: from('10.3.0.1') })).status).toBe(200);
  });
});
