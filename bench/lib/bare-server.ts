// The yardstick of bench/load.ts: a Fastify server with one route and nothing else, in a process of
// its own as the portal is, listening on the loopback port given as the first argument.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', () => 'ok');
await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' });
