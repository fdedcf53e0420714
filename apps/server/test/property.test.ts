import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema, SpecErrorSchema, WmsErrorSchema } from '@portal/contract/errors';
import { API } from '@portal/contract/paths';
import { createSession } from '@portal/db/queries/sessions.queries';
import { testDialects } from '@portal/db/testing';
import { importData } from '@portal/importer';
import { hashToken, SESSION_COOKIE } from '../src/plugins/session.ts';
import { call } from './http.ts';
import { apiRoutes } from './route-tree.ts';
import {
  fieldArbitrary,
  hostile,
  HOSTILE_STRINGS,
  HOSTILE_URL_FRAGMENTS,
  type Hostility,
  type JsonSchema,
  validArbitrary,
} from './schema-arbitrary.ts';
import { buildTestApp, type TestApp } from './test-server.ts';
import { addUser } from './users.ts';

/*
 * Property: whatever a caller sends to any route, the portal answers below 500, and every 4xx is in
 * its route's error shape. The requests are generated from the OpenAPI document the app builds from
 * the contract's zod schemas: for each operation, path parameters, query strings and JSON bodies
 * are drawn from their JSON Schemas (schema-arbitrary.ts). Half the calls are valid (often the
 * documented example, so they reach the database); in the other half hostile values are mixed in
 * field by field: wrong types, huge and empty strings, unicode, NUL, path traversal, SQL, broken
 * percent escapes, broken JSON and other media types. Each call goes to the app through
 * app.inject, without a session, with a live session or API token, or with forged ones (what the
 * HTTP parser refuses before the app, errors.test.ts sends over a socket). Routes hidden
 * from the document (they take no input) get hostile query strings and paths.
 */

// A fixed budget keeps npm test short; PROPERTY_RUNS=300 searches deeper by hand (the limit scales).
const RUNS_PER_ROUTE = Number(process.env.PROPERTY_RUNS ?? 30);
const RUNS_PER_HIDDEN_ROUTE = Math.ceil(RUNS_PER_ROUTE / 3);
const EXAMPLE_DATASETS = ['census-2019-other-crops', 'wfp-chirps-county-rainfall'];
// A ceiling for a hang: the calls take seconds on an idle machine, several times that on a busy one.
const TIMEOUT_MS = 600_000 * Math.max(1, RUNS_PER_ROUTE / 30);

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
  example?: unknown;
}
interface Operation {
  method: string;
  /** The OpenAPI path, parameters as {name}. */
  path: string;
  parameters: Parameter[];
  body?: { schema: JsonSchema; example?: unknown };
}
type Auth = 'none' | 'session' | 'token' | 'forged cookie' | 'forged token';
interface Call {
  path: string;
  method: string;
  auth: Auth;
  body?: string;
  contentType?: string;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)));
// A lone surrogate cannot be percent-encoded; the raw fragments cover bytes that are no UTF-8.
const encode = (value: unknown) => encodeURIComponent(text(value).replace(/[\ud800-\udfff]/gu, '\ufffd'));
const urlValue = (arbitrary: fc.Arbitrary<unknown>, hostility: Hostility = 1) =>
  hostility
    ? fc.oneof(
        { weight: 6, arbitrary: arbitrary.map(encode) },
        { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_URL_FRAGMENTS) },
      )
    : arbitrary.map(encode);

/** A query string: each parameter present (arrays repeated) or, if optional or hostile, missing; with hostility, an unknown one added. */
function queryArbitrary(parameters: Parameter[], hostility: Hostility): fc.Arbitrary<string> {
  const pairs = parameters.map((parameter) => {
    const values = fieldArbitrary(parameter.schema, parameter.example, hostility).chain((value) =>
      fc.tuple(...(Array.isArray(value) ? value : [value]).map((item) => urlValue(fc.constant(item), hostility))),
    );
    const present = values.map((encoded) => encoded.map((value) => `${parameter.name}=${value}`));
    if (parameter.required && !hostility) return present;
    return fc.oneof(
      { weight: parameter.required ? 9 : 3, arbitrary: present },
      { weight: 1, arbitrary: fc.constant([]) },
    );
  });
  const extra = fc
    .tuple(fc.constantFrom('__proto__', 'q', 'page'), urlValue(hostile))
    .map(([name, value]) => [`${name}=${value}`]);
  const unknown = hostility ? fc.option(extra, { freq: 5 }) : fc.constant(null);
  return fc.tuple(fc.tuple(...pairs), unknown).map(([known, extra]) => {
    const all = [...known.flat(), ...(extra ?? [])];
    return all.length ? `?${all.join('&')}` : '';
  });
}

function bodyArbitrary(body: NonNullable<Operation['body']>, hostility: Hostility): fc.Arbitrary<string> {
  const valid = validArbitrary(body.schema, body.example, hostility).map((value) => JSON.stringify(value));
  if (!hostility) return valid;
  return fc.oneof(
    { weight: 8, arbitrary: valid },
    { weight: 1, arbitrary: hostile.map((value) => JSON.stringify(value) ?? 'null') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        '{',
        '{"a":',
        '[]',
        'null',
        '\u0000',
        '{"__proto__":{"admin":true}}',
        '['.repeat(100_000) + ']'.repeat(100_000),
      ),
    },
  );
}

const contentTypes = fc.oneof(
  { weight: 6, arbitrary: fc.constant('application/json') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/xml',
    ),
  },
);
const auths: fc.Arbitrary<Auth> = fc.oneof(
  { weight: 3, arbitrary: fc.constant<Auth>('session') },
  { weight: 2, arbitrary: fc.constantFrom<Auth>('token', 'none') },
  { weight: 1, arbitrary: fc.constantFrom<Auth>('forged cookie', 'forged token') },
);

/** Calls to one operation of the OpenAPI document: half valid, half with hostile parts. */
function callArbitrary(operation: Operation): fc.Arbitrary<Call> {
  return fc.oneof(callsOf(operation, 0), callsOf(operation, 1));
}

function callsOf(operation: Operation, hostility: Hostility): fc.Arbitrary<Call> {
  const pathParameters = operation.parameters.filter((p) => p.in === 'path');
  const path = fc
    .tuple(...pathParameters.map((p) => urlValue(fieldArbitrary(p.schema, p.example, hostility), hostility)))
    .map((values) => pathParameters.reduce((url, p, i) => url.replace(`{${p.name}}`, values[i]), operation.path));
  const query = queryArbitrary(
    operation.parameters.filter((p) => p.in === 'query'),
    hostility,
  );
  const body = operation.body ? bodyArbitrary(operation.body, hostility) : fc.constant(undefined);
  const contentType = !operation.body
    ? fc.constant(undefined)
    : hostility
      ? contentTypes
      : fc.constant('application/json');
  return fc.record({
    path: fc.tuple(path, query).map(([p, q]) => p + q),
    method: fc.constant(operation.method),
    auth: auths,
    body,
    contentType,
  });
}

/** Calls to a route that takes no input: hostile query strings, and hostile paths where it has a wildcard. */
function hiddenCallArbitrary(method: string, url: string): fc.Arbitrary<Call> {
  const tail = url.endsWith('*')
    ? fc.array(urlValue(fc.constantFrom(...HOSTILE_STRINGS)), { maxLength: 3 }).map((parts) => parts.join('/'))
    : fc.constant('');
  const query = fc.option(
    urlValue(hostile).map((value) => `?x=${value}`),
    { nil: '' },
  );
  return fc.record({
    path: fc.tuple(tail, query).map(([t, q]) => url.replace(/\*$/, '') + t + q),
    method: fc.constant(method),
    auth: auths,
  });
}

const shapeOf = (path: string) =>
  path.startsWith('/api/v1/') ? ApiErrorSchema : path.startsWith(API.wms) ? WmsErrorSchema : SpecErrorSchema;

for (const { dialect, available } of await testDialects()) {
  describe.skipIf(!available)(`generated calls to every route on ${dialect}`, () => {
    let server: TestApp;
    let userId: string;
    let apiToken: string;
    let operations: Operation[];
    let client = 0;

    /** A fresh session per call: a generated call to log out or change the password must not end the next one's. */
    async function sessionCookie(): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      const now = Date.now();
      await createSession(server.db, {
        token_hash: hashToken(token),
        user_id: userId,
        created_at: now,
        expires_at: now + 3_600_000,
      });
      return `${SESSION_COOKIE}=${token}`;
    }

    async function send(request: Call): Promise<{ status: number; body: unknown; url: URL; location: string | null }> {
      const headers: Record<string, string> = {
        'x-forwarded-for': `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client++ & 255}`,
      };
      if (request.auth === 'session') headers.cookie = await sessionCookie();
      if (request.auth === 'forged cookie')
        headers.cookie = `${SESSION_COOKIE}=${randomBytes(32).toString('base64url')}`;
      if (request.auth === 'token') headers.authorization = `Bearer ${apiToken}`;
      if (request.auth === 'forged token') headers.authorization = `Bearer ${randomBytes(24).toString('base64url')}`;
      if (request.contentType) headers['content-type'] = request.contentType;
      // As a client sends it: fetch and app.inject alike resolve '..' segments, so the address may name another route.
      const url = new URL(request.path, 'http://localhost');
      const response = await server.fetch(url.pathname + url.search, {
        method: request.method,
        headers,
        body: request.body,
        redirect: 'manual',
      });
      const answer = Buffer.from(await response.arrayBuffer()).toString();
      const json = response.headers.get('content-type')?.includes('json') ? (JSON.parse(answer) as unknown) : answer;
      return { status: response.status, body: json, url, location: response.headers.get('location') };
    }

    /** Checks one answer: no 5xx, a 4xx in its route's error shape, and no redirect to the same address. */
    async function answersWell(request: Call): Promise<void> {
      const { status, body, url, location } = await send(request);
      const seen = `${request.method} ${url.pathname.slice(0, 200)}${url.search.slice(0, 200)} -> ${status} ${JSON.stringify(body)?.slice(0, 300)}`;
      if (status >= 500) throw new Error(`server error: ${seen}`);
      if (status >= 400 && !shapeOf(url.pathname).safeParse(body).success)
        throw new Error(`error not in its route's shape: ${seen}`);
      if (location && new URL(location, url).href === url.href) throw new Error(`redirect to itself: ${seen}`);
    }

    /** Runs the property on each route and gathers every failure, so one run lists them all. */
    async function checkEach(cases: { name: string; calls: fc.Arbitrary<Call>; runs: number }[]) {
      const failures: string[] = [];
      for (const { name, calls, runs } of cases) {
        // No shrinking: each step is a request, and the first failing call says enough.
        const result = await fc.check(fc.asyncProperty(calls, answersWell), { numRuns: runs, endOnFailure: true });
        if (result.failed)
          failures.push(
            `${name}: ${String(result.errorInstance)} (seed ${result.seed}, call ${JSON.stringify(result.counterexample)?.slice(0, 400)})`,
          );
      }
      expect(failures).toEqual([]);
    }

    beforeAll(async () => {
      server = await buildTestApp(dialect, { trustProxy: 1, readsPerMinute: 1_000_000, expectedDatasets: [] });
      // The datasets the documented examples name, so that valid calls find values to page, map and export.
      await importData(server.db, { only: EXAMPLE_DATASETS });
      userId = await addUser(server.db, 'prover@example.org', 'the right password');
      const created = await call(server, API.apiTokens, {
        body: { name: 'generated calls' },
        headers: { cookie: await sessionCookie() },
      });
      apiToken = created.body.token;
      await server.app.ready();
      const doc = server.app.swagger() as {
        paths: Record<
          string,
          Record<
            string,
            {
              parameters?: Parameter[];
              requestBody?: { content: Record<string, { schema: JsonSchema; example?: unknown }> };
            }
          >
        >;
      };
      operations = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
        Object.entries(byMethod).map(([method, op]) => ({
          method: method.toUpperCase(),
          path,
          parameters: op.parameters ?? [],
          body: op.requestBody?.content['application/json'],
        })),
      );
    }, 120_000);
    afterAll(async () => {
      await server?.close();
    });

    it('answers every documented route below 500, errors in the route’s shape', { timeout: TIMEOUT_MS }, async () => {
      expect(apiToken).toEqual(expect.any(String));
      expect(operations.length).toBeGreaterThanOrEqual(40);
      await checkEach(
        operations.map((op) => ({ name: `${op.method} ${op.path}`, calls: callArbitrary(op), runs: RUNS_PER_ROUTE })),
      );
    });

    it('answers the routes hidden from the document below 500', { timeout: TIMEOUT_MS }, async () => {
      const documented = new Set(operations.map((op) => `${op.method} ${op.path.replace(/\{(\w+)\}/g, ':$1')}`));
      const tree = server.app.printRoutes({ commonPrefix: false });
      const hidden = [
        ...apiRoutes(tree),
        ...apiRoutes(tree, '/sitemap'),
        ...apiRoutes(tree, '/robots'),
        { method: 'GET', url: '/api/v1/*' },
      ].filter((route) => !documented.has(`${route.method} ${route.url}`));
      expect(hidden.map((route) => route.url)).toEqual(
        expect.arrayContaining([API.health, API.ready, API.openapi, '/api/v1/*']),
      );
      await checkEach(
        hidden.map((route) => ({
          name: `${route.method} ${route.url}`,
          calls: hiddenCallArbitrary(route.method, route.url),
          runs: RUNS_PER_HIDDEN_ROUTE,
        })),
      );
    });
  });
}
