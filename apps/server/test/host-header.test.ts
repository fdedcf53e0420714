import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema, SpecErrorSchema } from '@portal/contract/errors';
import { API } from '@portal/contract/paths';
import { startTestServer, type TestServer } from './test-server.ts';

/** Sends `head` (the request line and headers, as written) and `body` on a connection of its own; the answer. */
function raw(port: number, head: string, body = ''): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`${head}\r\nConnection: close\r\n\r\n${body}`));
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => {
      const [headers = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(headers)?.[1] ?? 0), headers, body });
    });
  });
}

// Node's parser keeps one Host of several and answers a missing one with an empty 400 of its own,
// so these go over a socket, as written.
describe('the Host header', () => {
  let server: TestServer;
  let port: number;

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    port = Number(new URL(server.url).port);
  });
  afterAll(() => server?.close());

  it('refuses a request with two Host headers, 400 in the shape of its route', async () => {
    const v1 = await raw(port, `GET ${API.sectors} HTTP/1.1\r\nHost: portal.test\r\nHost: elsewhere.example`);
    expect(v1.status).toBe(400);
    expect(ApiErrorSchema.parse(JSON.parse(v1.body)).error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'The request has more than one Host header',
    });
    const spec = await raw(
      port,
      `POST ${API.check} HTTP/1.1\r\nHost: portal.test\r\nHost: portal.test\r\nContent-Type: application/json\r\nContent-Length: 2`,
      '{}',
    );
    expect(spec.status).toBe(400);
    expect(SpecErrorSchema.parse(JSON.parse(spec.body))).toMatchObject({
      code: 'VALIDATION_FAILED',
      error: 'The request has more than one Host header',
    });
  });

  it('answers a request without Host with a 400 in the documented shape, not an empty one', async () => {
    const v1 = await raw(port, `GET ${API.sectors} HTTP/1.1`);
    expect(v1.status).toBe(400);
    expect(v1.headers).toMatch(/content-type: application\/json/i);
    expect(ApiErrorSchema.parse(JSON.parse(v1.body)).error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'The request has no Host header',
    });
    const unknown = await raw(port, 'GET /nowhere HTTP/1.1');
    expect(unknown.status).toBe(400);
    expect(SpecErrorSchema.parse(JSON.parse(unknown.body))).toMatchObject({ code: 'VALIDATION_FAILED' });
    // HTTP/1.0 has no Host to require.
    expect((await raw(port, `GET ${API.health} HTTP/1.0`)).status).toBe(200);
  });

  it('lists the 400 for every route in the OpenAPI document, those without input included', async () => {
    const doc = (await (await fetch(`${server.url}${API.openapi}`)).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(Object.keys(doc.paths['/api/v1/sectors'].get.responses)).toContain('400');
  });

  it('serves one Host header as before', async () => {
    expect((await raw(port, `GET ${API.sectors} HTTP/1.1\r\nHost: portal.test`)).status).toBe(200);
  });
});
