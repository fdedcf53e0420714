// Errors declared once (code and status in the contract), answered in the shape the route's
// configuration names, and listed in the OpenAPI document.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema, ERROR_STATUS, SpecErrorSchema, WmsErrorSchema } from '@portal/contract/errors';
import { API } from '@portal/contract/paths';
import { AppError } from '../src/plugins/errors.ts';
import { call } from './http.ts';
import { apiRoutes } from './route-tree.ts';
import { startTestServer, type TestServer } from './test-server.ts';

type Responses = Record<
  string,
  { content?: { 'application/json'?: { schema?: { properties?: Record<string, { type?: string }> } } } }
>;

/**
 * A raw request, so that headers too large for fetch's own limits reach the server, and a path is
 * sent as written ('..' left in).
 */
function rawGet(
  url: string,
  headers: Record<string, string>,
  path?: string,
  method = 'GET',
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, ...(path && { path }) }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('errors', () => {
  let server: TestServer;
  let doc: { paths: Record<string, Record<string, { responses: Responses }>> };
  const responsesOf = (path: string, method: string) => doc.paths[path][method].responses;

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    doc = (await call(server, API.openapi)).body;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('gives an error its status, class name and catalogue text, and keeps the key for the answer', () => {
    const error = new AppError('TOO_MANY_TOKENS', 'apiToken.tooMany', { max: 3 });
    expect(error).toMatchObject({
      name: 'AppError',
      code: 'TOO_MANY_TOKENS',
      statusCode: ERROR_STATUS.TOO_MANY_TOKENS,
      messageKey: 'apiToken.tooMany',
    });
    // The English text, with its values, is what the log shows.
    expect(error.message).toBe('You have 3 tokens already; revoke one before creating another.');
  });

  it("lists every error of a spec call in the OpenAPI document, in the spec's shape", () => {
    const login = responsesOf(API.login, 'post');
    expect(Object.keys(login).sort()).toEqual(['200', '400', '401', '403', '413', '415', '429', '431', '500']);
    expect(login['401'].content?.['application/json']?.schema?.properties?.error?.type).toBe('string');
    // The spec's map call keeps its `status` in errors too.
    const wms = responsesOf(API.wms, 'get');
    expect(Object.keys(wms)).toEqual(expect.arrayContaining(['200', '400', '404', '500']));
    expect(Object.keys(wms['404'].content?.['application/json']?.schema?.properties ?? {})).toEqual(
      expect.arrayContaining(['status', 'error', 'code']),
    );
  });

  it("lists the open API's errors in its nested shape", () => {
    const sector = responsesOf('/api/v1/sectors/{sector}', 'get');
    expect(Object.keys(sector).sort()).toEqual(['200', '400', '404', '431', '500']);
    expect(sector['404'].content?.['application/json']?.schema?.properties?.error?.type).toBe('object');
    // Refused before routing, so in the default shape.
    expect(sector['431'].content?.['application/json']?.schema?.properties?.error?.type).toBe('string');
    expect(Object.keys(responsesOf(API.apiTokens, 'post'))).toEqual(expect.arrayContaining(['401', '409', '429']));
  });

  it("answers an unparsable body in the route's shape", async () => {
    const body = '{"email": ';
    const spec = await call(server, API.login, { body });
    expect(spec.status).toBe(400);
    expect(SpecErrorSchema.parse(spec.body).code).toBe('VALIDATION_FAILED');
    const v1 = await call(server, API.apiTokens, { body });
    expect(v1.status).toBe(400);
    expect(ApiErrorSchema.parse(v1.body).error.code).toBe('VALIDATION_FAILED');
    const xml = await call(server, API.login, { body: '<email/>', headers: { 'content-type': 'application/xml' } });
    expect(xml.status).toBe(415);
    expect(SpecErrorSchema.parse(xml.body).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers errors raised before routing in the default shape, with a request id', async () => {
    const headers = await rawGet(server.url + API.sectors, { 'x-padding': 'x'.repeat(20_000) });
    expect(headers.status).toBe(431);
    expect(SpecErrorSchema.parse(headers.body)).toMatchObject({
      code: 'HEADERS_TOO_LARGE',
      requestId: expect.stringMatching(/\w{8}/),
    });
    const longUrl = await rawGet(`${server.url}${API.search}?q=${'a'.repeat(70_000)}`, {});
    expect(longUrl.status).toBe(431);
    expect(SpecErrorSchema.parse(longUrl.body).code).toBe('HEADERS_TOO_LARGE');
    const unknown = await call(server, '/api/nowhere');
    expect(unknown.status).toBe(404);
    expect(SpecErrorSchema.parse(unknown.body).code).toBe('NOT_FOUND');
    // Under the open API an unknown address, or a parameter longer than any route takes, is a route of its own, in its shape.
    for (const path of ['/api/v1/nowhere', API.sector('x'.repeat(150))]) {
      const answer = await call(server, path);
      expect(answer.status, path).toBe(404);
      expect(ApiErrorSchema.parse(answer.body).error.code).toBe('NOT_FOUND');
    }
  });

  it('refuses a query string too long for the HTTP parser on every /api route, in the default shape', async () => {
    const routes = apiRoutes(server.app.printRoutes({ commonPrefix: false }));
    expect(routes.length).toBeGreaterThanOrEqual(40);
    for (const route of routes) {
      const answer = await rawGet(
        server.url,
        {},
        `${route.url.replace(/:\w+/g, 'water')}?${'q='.padEnd(20_000, 'x')}`,
        route.method,
      );
      expect(answer.status, `${route.method} ${route.url}`).toBe(431);
      expect(SpecErrorSchema.parse(answer.body).code).toBe('HEADERS_TOO_LARGE');
    }
  });

  it("answers an /api/v1 address the router cannot decode in the open API's shape", async () => {
    for (const path of [`${API.sectors}/%FF`, '/api/v1/datasets/%ED%A0%80/observations', '/api/v1/counties/%']) {
      const answer = await rawGet(server.url, {}, path);
      expect(answer.status, path).toBe(400);
      expect(ApiErrorSchema.parse(answer.body).error.code, path).toBe('VALIDATION_FAILED');
    }
    const spec = await rawGet(server.url, {}, '/api/auth/%FF');
    expect(SpecErrorSchema.parse(spec.body).code).toBe('VALIDATION_FAILED');
  });

  it('answers a path climbing out of a file folder as a file that is not there, in the default shape', async () => {
    for (const path of [
      '/media/logos/../../package.json',
      '/media/logos/..%2f..%2fpackage.json',
      '/media/logos/%2e%2e/site.json',
    ]) {
      const answer = await rawGet(server.url, {}, path);
      expect(answer.status, path).toBe(404);
      expect(SpecErrorSchema.parse(answer.body), path).toMatchObject({
        code: 'NOT_FOUND',
        error: expect.stringContaining('/media/logos/'),
      });
    }
    const nul = await rawGet(server.url, {}, '/media/logos/%00');
    expect(nul.status).toBe(400);
    expect(SpecErrorSchema.parse(nul.body).error).toBe('The request could not be read');
  });

  it("answers the map call's unknown store through the one handler, in its own shape", async () => {
    const answer = await call(server, `${API.wms}?store=energy/nothing`);
    expect(answer.status).toBe(404);
    expect(WmsErrorSchema.parse(answer.body)).toMatchObject({
      status: 'error',
      code: 'NOT_FOUND',
      error: expect.stringContaining('energy/nothing'),
    });
  });
});
