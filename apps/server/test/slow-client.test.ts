import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SpecErrorSchema } from '@portal/contract/errors';
import { API } from '@portal/contract/paths';
import { startTestServer, type TestServer } from './test-server.ts';

const REQUEST_MS = 1500;
const KEEP_ALIVE_MS = 1000;

/** What a raw connection receives until the server closes it, and how long that took; at most `limitMs`. */
function untilClosed(socket: Socket, limitMs: number): Promise<{ text: string; ms: number; closedByServer: boolean }> {
  const started = performance.now();
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, ms: performance.now() - started, closedByServer: false });
    }, limitMs);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, ms: performance.now() - started, closedByServer: true });
    });
  });
}

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

  it('cuts a client that sends its headers and holds the body, answering 408 in the documented shape', async () => {
    const socket = await open();
    socket.write(`POST ${API.login} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":`);
    const { text, ms, closedByServer } = await untilClosed(socket, REQUEST_MS * 4);
    expect(closedByServer).toBe(true);
    expect(ms).toBeLessThan(REQUEST_MS * 3);
    expect(text).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    // Before routing the route's shape is unknown: the default shape, as for the other parser errors.
    expect(SpecErrorSchema.parse(JSON.parse(text.split('\r\n\r\n')[1]))).toMatchObject({
      code: 'REQUEST_TIMEOUT',
      error: expect.stringContaining('took too long'),
    });
  });

  it('cuts a client that never finishes its headers', async () => {
    const socket = await open();
    socket.write(`GET ${API.health} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: `);
    const { ms, closedByServer } = await untilClosed(socket, REQUEST_MS * 4);
    expect(closedByServer).toBe(true);
    expect(ms).toBeLessThan(REQUEST_MS * 3);
  });

  it('closes a kept-alive connection left idle', async () => {
    const socket = await open();
    socket.write(`GET ${API.health} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    const { text, ms, closedByServer } = await untilClosed(socket, KEEP_ALIVE_MS * 5);
    expect(text).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(closedByServer).toBe(true);
    expect(ms).toBeLessThan(KEEP_ALIVE_MS * 3);
  });
});
