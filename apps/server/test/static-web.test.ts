import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getRaw as get } from './http.ts';
import { startTestServer, type TestServer } from './test-server.ts';

// A browser build as the build writes it: hashed assets with their .br and .gz beside them. Here those
// hold a marked copy of the script, so the bytes received tell which file was sent.
describe('the built web app', () => {
  let server: TestServer;
  const webDir = mkdtempSync(join(tmpdir(), 'portal-web-'));
  const script = Buffer.from(`console.log(${JSON.stringify('x'.repeat(4000))});\n`);
  const brotli = brotliCompressSync(Buffer.concat([script, Buffer.from('// br\n')]));
  const gzip = gzipSync(Buffer.concat([script, Buffer.from('// gz\n')]));

  beforeAll(async () => {
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'assets/app-1a2b3c.js'), script);
    writeFileSync(join(webDir, 'assets/app-1a2b3c.js.br'), brotli);
    writeFileSync(join(webDir, 'assets/app-1a2b3c.js.gz'), gzip);
    writeFileSync(join(webDir, 'assets/app-1a2b3c.js.map'), '{"version":3,"sources":["app.tsx"]}');
    writeFileSync(join(webDir, 'sw.js'), 'self.skipWaiting();\n');
    writeFileSync(join(webDir, 'sw.js.map'), '{"version":3,"sources":["sw.ts"]}');
    writeFileSync(join(webDir, 'manifest.webmanifest'), '{"name":"Portal","start_url":"/"}');
    server = await startTestServer('sqlite', { webClientDir: webDir });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('sends the files compressed at build time, cached for a year as immutable', async () => {
    const asset = `${server.url}/assets/app-1a2b3c.js`;
    const br = await get(asset, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.equals(brotli)).toBe(true);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);

    const gz = await get(asset, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body.equals(gzip)).toBe(true);

    const plain = await get(asset);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(script)).toBe(true);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves no source map, though the build writes them: 404 in the documented shape', async () => {
    for (const path of ['/assets/app-1a2b3c.js.map', '/sw.js.map', '/sw.js.map?v=1']) {
      const answer = await get(`${server.url}${path}`);
      expect(answer.status, path).toBe(404);
      expect(JSON.parse(answer.body.toString()), path).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('makes the browser ask again for the service worker and the manifest, served from the root', async () => {
    const worker = await get(`${server.url}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    const manifest = await get(`${server.url}/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset with 404, not with the page', async () => {
    const missing = await get(`${server.url}/assets/app-0ld0ld.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toMatch(/json/);
  });
});
