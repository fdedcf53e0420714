import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getRaw as get } from './http.ts';
import { startTestServer, type TestServer } from './test-server.ts';

// A web build as the build writes it: hashed assets with their .br and .gz beside them. Here those
// hold a marked copy of the script, so the bytes received tell which file was sent.
describe('the built web app', () => {
  let server: TestServer;
  const webDir = mkdtempSync(join(tmpdir(), 'portal-web-'));
  const script = Buffer.from(`console.log(${JSON.stringify('x'.repeat(4000))});\n`);
  const brotli = brotliCompressSync(Buffer.concat([script, Buffer.from('// br\n')]));
  const gzip = gzipSync(Buffer.concat([script, Buffer.from('// gz\n')]));

  beforeAll(async () => {
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(
      join(webDir, 'index.html'),
      '<!doctype html><html lang="en"><head><title>Portal</title><script type="module" src="/assets/app-1a2b3c.js"></script></head><body></body></html>',
    );
    mkdirSync(join(webDir, '.vite'));
    writeFileSync(
      join(webDir, '.vite/manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/app-1a2b3c.js', isEntry: true },
        'src/routes/sectors.tsx': { file: 'assets/sectors-4d5e6f.js' },
      }),
    );
    writeFileSync(join(webDir, 'assets/app-1a2b3c.js'), script);
    writeFileSync(join(webDir, 'assets/app-1a2b3c.js.br'), brotli);
    writeFileSync(join(webDir, 'assets/app-1a2b3c.js.gz'), gzip);
    writeFileSync(join(webDir, 'assets/app-1a2b3c.js.map'), '{"version":3,"sources":["app.tsx"]}');
    writeFileSync(join(webDir, 'sw.js'), 'self.skipWaiting();\n');
    writeFileSync(join(webDir, 'sw.js.map'), '{"version":3,"sources":["sw.ts"]}');
    writeFileSync(join(webDir, 'manifest.webmanifest'), '{"name":"Portal","start_url":"/"}');
    server = await startTestServer('sqlite', { webDir });
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

  it('makes the browser revalidate the page itself, at every address the app draws', async () => {
    for (const path of ['/', '/sectors', '/counties/turkana']) {
      const page = await get(`${server.url}${path}`);
      expect(page.status, path).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cache-control'], path).toBe('no-cache');
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

  it("names in the page's head the route's chunk and the answers it asks for first", async () => {
    const page = (await get(`${server.url}/sectors`)).body.toString();
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/sectors-4d5e6f.js">');
    expect(head).toContain('<link rel="preload" as="fetch" crossorigin href="/api/v1/sectors">');
    expect(head).toContain('<link rel="preload" as="fetch" crossorigin href="/api/v1/site">');
    // Another page names its own needs only; the build's manifest itself is not served.
    expect((await get(`${server.url}/about`)).body.toString()).not.toContain('sectors-4d5e6f.js');
    expect((await get(`${server.url}/.vite/manifest.json`)).body.toString()).not.toContain('isEntry');
  });

  it('opens a ?lang= link in that language and remembers it before the preloaded answers are asked for', async () => {
    const page = await get(`${server.url}/sectors?lang=sw`);
    expect(page.body.toString()).toContain('<html lang="sw"');
    expect(String(page.headers['set-cookie'])).toMatch(/^lang=sw;.*Path=\/.*SameSite=Lax/);
    expect(String(page.headers['set-cookie'])).not.toMatch(/HttpOnly/);
    // Without it, or with a language the portal does not have, the page keeps the request's language.
    for (const path of ['/sectors', '/sectors?lang=xx']) {
      const plain = await get(`${server.url}${path}`);
      expect(plain.body.toString(), path).toContain('<html lang="en"');
      expect(plain.headers['set-cookie'], path).toBeUndefined();
    }
  });

  it('answers a missing asset with 404, not with the page', async () => {
    const missing = await get(`${server.url}/assets/app-0ld0ld.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toMatch(/json/);
  });
});
