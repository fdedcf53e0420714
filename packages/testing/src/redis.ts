import { connect } from 'node:net';

/** The Redis server the tests use; override with TEST_REDIS_URL. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Whether the test Redis server answers PING; tests on it are skipped, with a warning, when it does not.
 * A bare socket, so the tests need no Redis client of their own.
 */
export async function redisReachable(url = TEST_REDIS_URL): Promise<boolean> {
  const { hostname, port } = new URL(url);
  const reachable = await new Promise<boolean>((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 6379), timeout: 2000 });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
  if (!reachable) console.warn(`SKIPPED: Redis tests, no server answers at ${url}`);
  return reachable;
}
