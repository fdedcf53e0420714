import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/contract/paths';
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from './test-server.ts';

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; example?: unknown }[];
  requestBody?: { content: Record<string, { example?: unknown }> };
  'x-codeSamples'?: { source: string }[];
}

describe('API reference', () => {
  let server: TestApp;
  let operations: [string, Operation][];
  let doc: {
    info: { description: string };
    tags: { name: string; description: string }[];
    paths: Record<string, Record<string, Operation>>;
  };

  beforeAll(async () => {
    server = await buildTestApp('sqlite');
    doc = (await (await server.fetch(API.openapi)).json()) as typeof doc;
    operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]): [string, Operation] => [`${method.toUpperCase()} ${path}`, op]),
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  it('gives every operation a summary, a description, a tag and an example call', () => {
    expect(operations.length).toBeGreaterThan(20);
    for (const [name, op] of operations) {
      expect(op.summary ?? '', name).toMatch(/\w/);
      expect(op.description ?? '', name).toMatch(/\w{3}/);
      expect(op.tags, name).toHaveLength(1);
      const snippet = op['x-codeSamples']?.[0]?.source ?? '';
      expect(snippet, name).toContain(`curl`);
      expect(snippet, name).toContain(TEST_PUBLIC_URL);
      expect(op.description, name).toContain(snippet);
      // Every input the call takes carries an example: path and query parameters, and the body.
      for (const parameter of op.parameters ?? []) {
        if (parameter.in === 'path') expect(parameter.example, `${name} ${parameter.name}`).toBeDefined();
      }
      if (op.requestBody) expect(op.requestBody.content['application/json']?.example, name).toBeDefined();
    }
  });

  it("puts the spec's calls and the open API in their own groups", () => {
    const tagOf = (name: string) => operations.find(([n]) => n === name)?.[1].tags?.[0];
    expect(tagOf('POST /api/auth/')).toBe("The spec's calls");
    expect(tagOf('GET /api/get-wms')).toBe("The spec's calls");
    expect(tagOf('GET /api/v1/sectors')).toBe('Open API (v1)');
    expect(tagOf('POST /api/v1/account/tokens')).toBe('Open API (v1)');
  });

  it('leads with the open API for data users, in plain words, and puts the spec’s calls after it', () => {
    // The reference shows its groups in the order of the document's tags.
    expect(doc.tags.map((tag) => tag.name)).toEqual(['Open API (v1)', "The spec's calls"]);
    const guide = doc.info.description;
    for (const call of ['`GET /api/v1/sources`', '`variables`', '`observations`', '`start`', '`GET /api/v1/datasets`'])
      expect(guide).toContain(call);
    expect(guide).toMatch(/^Kenya's climate, land, energy and water data, for scripts/);
    expect(guide).toContain('lang=sw');
    // Plain words: no talk of specs, schemas or JSON pointers.
    expect(guide).not.toMatch(/\bspec\b|schema|pointer|OpenAPI/i);
  });

  it('names the credentials a call needs and shows them in its snippet', () => {
    const op = (name: string) => operations.find(([n]) => n === name)![1];
    const csv = op('GET /api/v1/sectors/{sector}/sources/{source}/observations.csv');
    expect(csv.security).toEqual([{ session: [] }, { token: [] }]);
    expect(csv['x-codeSamples']![0].source).toContain("-H 'Authorization: Bearer <your API token>'");
    const account = op('GET /api/v1/account');
    expect(account.security).toEqual([{ session: [] }]);
    expect(account['x-codeSamples']![0].source).toContain('-b ');
    const sectors = op('GET /api/v1/sectors');
    expect(sectors.security).toBeUndefined();
    expect(sectors['x-codeSamples']![0].source).not.toContain('Authorization');
  });

  it('serves the interactive reference and its assets from the portal under the site CSP', async () => {
    const page = await server.fetch(API.docs);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const csp = page.headers.get('content-security-policy') ?? '';
    // The reference's own scripts are files; a page's inline data carries the answer's nonce.
    expect(csp).toMatch(/script-src 'self'( 'nonce-[^']+')?;/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    const html = await page.text();
    // No inline script, and every script and style comes from the portal itself.
    expect(html).not.toMatch(/<script>|<script(?![^>]*\bsrc=)[^>]*>/);
    const assets = [...html.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThanOrEqual(4);
    for (const asset of assets) {
      expect(asset).not.toMatch(/^(https?:)?\/\//);
      const response = await server.fetch(new URL(asset, `http://portal.test${API.docs}`).pathname);
      expect(response.status, asset).toBe(200);
      await response.arrayBuffer();
    }
    // The reference reads the same document as /api/openapi.json.
    const shown = await (await server.fetch(`${API.docs}/json`)).json();
    expect(shown).toEqual(await (await server.fetch(API.openapi)).json());
  });

  it('sends the old index page to the reference, query string or not, without a redirect loop', async () => {
    for (const query of ['', '?x=1', '?x=1&y=2']) {
      const answer = await server.fetch(`${API.docs}/static/index.html${query}`, { redirect: 'manual' });
      expect(answer.status, query).toBe(302);
      expect(answer.headers.get('location'), query).toBe(`${API.docs}/`);
    }
  });
});
