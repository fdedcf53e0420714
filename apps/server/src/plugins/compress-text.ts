import negotiate from '@fastify/accept-negotiator';
import type { FastifyInstance } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Answers below this size are sent as they are: compressing would save less than a packet. */
const MIN_BYTES = 1024;
/** Answers above this size (a large catalogue, never a stream) go to @fastify/compress's stream, off the event loop. */
const MAX_BYTES = 256 * 1024;
const BROTLI = {
  params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 4 },
};

/**
 * Compresses a text answer of up to 256 kB in one synchronous call, before @fastify/compress sees it.
 * The plugin streams every answer through zlib on the thread pool, which cost a 22 kB preview about
 * 1 ms more than the compression itself (0.3 ms); measured in bench/timeseries.ts (ADR 0010). Streams
 * (exports) and larger answers still go through the plugin, which skips what this hook compressed.
 */
export function registerTextCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (
      typeof payload !== 'string' ||
      payload.length < MIN_BYTES ||
      payload.length > MAX_BYTES ||
      reply.hasHeader('content-encoding')
    )
      return payload;
    const encoding = negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip']);
    if (!encoding) return payload;
    reply.header('content-encoding', encoding);
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
    reply.removeHeader('content-length');
    return encoding === 'br' ? brotliCompressSync(payload, BROTLI) : gzipSync(payload);
  });
}
