import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SpecErrorSchema } from '@portal/contract/errors';
import { API } from '@portal/contract/paths';
import { startTestServer, type TestServer } from './test-server.ts';

const REQUEST_MS = 1500;
const KEEP_ALIVE_MS = 1000;
/** Far past every timeout here: only a server that never cuts the client lets a test wait this long. */
const HANG_MS = 60_000;

/** What a raw connection receives until the server closes it, or until HANG_MS have passed. */
function untilClosed(socket: Socket): Promise<{ text: string; closedByServer: boolean }> {
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closedByServer: false });
    }, HANG_MS);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closedByServer: true });
    });
  });
}

// The cut itself is Node's, on the timeouts the portal gives its server; the tests check those and
// that a held connection is cut and answered as the contract says, without timing the cut, which a
// busy machine delays.
describe('slow clients', () => {
  let server: TestServer;
  let port: number;
  const open = () =>
    new Promise<Socket>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => resolve(socket));
    });

  beforeAll(async () => {
    server = await startTestServer('sqlite', { timeouts: { requestMs: REQUEST_MS, keepAliveMs: KEEP_ALIVE_MS } });
    port = Number(new URL(server.url).port);
  });
  afterAll(() => server.close());

  it('gives its HTTP server the configured timeouts, checked often enough to cut soon after the limit', () => {
    const http = server.app.server;
    expect({ request: http.requestTimeout, headers: http.headersTimeout, keepAlive: http.keepAliveTimeout }).toEqual({
      request: REQUEST_MS,
      headers: REQUEST_MS,
      keepAlive: KEEP_ALIVE_MS,
    });
    // Node's default, 30 s, would let a slow client stay half a minute past its limit. (Node keeps the
    // option as a property of the server; its types do not list it.)
    expect(
      (http as typeof http & { connectionsCheckingInterval: number }).connectionsCheckingInterval,
    ).toBeLessThanOrEqual(REQUEST_MS / 4);
  });

  it('cuts a client that sends its headers and holds the body, answering 408 in the documented shape', async () => {
    const socket = await open();
    socket.write(
      `POST ${API.login} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":`,
    );
    const { text, closedByServer } = await untilClosed(socket);
    expect(closedByServer).toBe(true);
    expect(text).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    // Before routing the route's shape is unknown: the default shape, as for the other parser errors.
    expect(SpecErrorSchema.parse(JSON.parse(text.split('\r\n\r\n')[1]))).toMatchObject({
      code: 'REQUEST_TIMEOUT',
      error: expect.stringContaining('took too long'),
    });
  });

  it('cuts a client that never finishes its headers, answering 408', async () => {
    const socket = await open();
    socket.write(`GET ${API.health} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: `);
    const { text, closedByServer } = await untilClosed(socket);
    expect(closedByServer).toBe(true);
    expect(text).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
  });

  it('closes a kept-alive connection left idle, having told the client how long it stays open', async () => {
    const socket = await open();
    socket.write(`GET ${API.health} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    const { text, closedByServer } = await untilClosed(socket);
    expect(text).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(text).toMatch(new RegExp(`\r\nKeep-Alive: timeout=${KEEP_ALIVE_MS / 1000}\r\n`, 'i'));
    expect(closedByServer).toBe(true);
  });
});
