import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import escapeHtml from 'escape-html';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API } from '@portal/contract/paths';
import { SESSION_COOKIE } from './session.ts';

/** The two groups of the reference: the spec's calls (section 7) and the open API beside them. */
export const TAGS = { spec: "The spec's calls", v1: 'Open API (v1)' } as const;

/** The reference's opening words: how a data user gets numbers out of the portal, in plain words. */
// Short code spans only: one wider than a phone's screen would widen the whole page.
const GUIDE = [
  "Kenya's climate, land, energy and water data, for scripts. Three calls get you numbers:",
  '',
  '1. `GET /api/v1/sources` lists what there is, each source under its sector.',
  "2. A source's `variables` and `locations` calls give the names of its variables and places, with units and the dates they cover.",
  '3. Its `observations` call, with `start` and `end` (YYYY-MM-DD) and `variable` and `location` (repeat them for more), gives the values, up to 1,000 a page (`page`, `pageSize`).',
  '',
  "`GET /api/v1/datasets` lists the datasets, each a publisher's file as the portal loaded it; a dataset's `observations` call reads it page by page (follow `next`), narrowed by the same filters if you like. Every value comes with its dataset: publisher, licence and how to cite it.",
  '',
  'No key is needed to read. CSV files (`observations.csv`) need a session or a personal API token from My account, sent as `Authorization: Bearer <token>`.',
  '',
  'When a call cannot answer, it says why in words, in English or, with `lang=sw`, in Swahili: a missing parameter is named with what to give, a parameter the call does not take is refused (400), and a variable or place it does not know is answered with the closest names it has.',
].join('\n');

/** What a route needs to be called: nothing, the session cookie, or the cookie or a personal API token. */
type Access = 'open' | 'session' | 'sessionOrToken';

const SECURITY: Record<Access, Record<string, string[]>[] | undefined> = {
  open: undefined,
  session: [{ session: [] }],
  sessionOrToken: [{ session: [] }, { token: [] }],
};

/** A request that works against the shipped catalogue, shown in the reference and as a curl snippet. */
export interface ExampleCall {
  params?: Record<string, string>;
  query?: Record<string, string | string[] | number>;
  body?: unknown;
}

/**
 * The documentation of one operation, spread into a route's schema. The example call travels as an
 * `x-example` extension and becomes parameter and body examples and a curl snippet (`withSnippets`).
 */
export function operation(doc: { summary: string; description: string; example: ExampleCall; access?: Access }) {
  const security: Record<string, string[]>[] | undefined = SECURITY[doc.access ?? 'open'];
  return {
    summary: doc.summary,
    description: doc.description,
    'x-example': doc.example,
    ...(security && { security }),
  };
}

/** Tags every route the instance registers from now on. */
export function tagRoutes(app: FastifyInstance, tag: string): void {
  app.addHook('onRoute', (route) => {
    if (route.schema?.hide) return;
    route.schema = { ...route.schema, tags: [tag] };
  });
}

/**
 * The OpenAPI document (at /api/openapi.json) and the interactive reference (at /api/docs), both
 * describing every route registered after this call. The reference's assets are files of
 * @fastify/swagger-ui served by the portal: its page has no inline script, so the site's CSP holds.
 */
export async function registerApiDocs(
  app: FastifyInstance,
  { title, publicUrl }: { title: string; publicUrl: string },
): Promise<void> {
  const page = referencePage(title);
  await app.register(swagger, {
    openapi: {
      info: { title, version: '1', description: GUIDE },
      // The reference shows its groups in this order: the open API first, for the people who script the data.
      tags: [
        {
          name: TAGS.v1,
          description:
            'For data users and scripts: what the portal holds (sectors, sources, variables, places, datasets, map layers, counties) and its numbers, page by page as JSON or whole as CSV. Reading needs no key; a CSV file needs a session or a personal API token from My account.',
        },
        {
          name: TAGS.spec,
          description:
            "The calls the portal's own pages make, kept as the portal's specification (section 7) writes them. Scripts are better served by the open API above.",
        },
      ],
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'The session cookie set by POST /api/auth/.',
          },
          token: {
            type: 'http',
            scheme: 'bearer',
            description: 'A personal API token from My account: `Authorization: Bearer <token>`.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (input) =>
      withSnippets(('openapiObject' in input ? input.openapiObject : {}) as OpenApi, publicUrl),
  });
  await app.register(swaggerUi, {
    routePrefix: API.docs,
    uiConfig: { docExpansion: 'list', deepLinking: true },
    uiHooks: {
      onRequest: (request, reply, done) => {
        const path = request.url.split('?')[0];
        // The plugin sends static/index.html to the reference only without a query string; with one
        // it redirects to the same address, endlessly. Send it to the reference either way.
        if (path === `${API.docs}/static/index.html`) void reply.redirect(`${API.docs}/`);
        else if (path === API.docs || path === `${API.docs}/`) void reply.type('text/html; charset=utf-8').send(page);
        else done();
      },
    },
  });
  app.get(API.openapi, { schema: { hide: true } }, async () => app.swagger());
}

/**
 * The reference's page, in place of the plugin's: the same stylesheets and scripts, with a viewport,
 * which the plugin's page lacks (phones laid it out 980 px wide) and has no option to add, and the
 * portal's name as its title.
 */
function referencePage(title: string): string {
  const assets = `${API.docs}/static`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}: API reference</title>
<link rel="stylesheet" href="${assets}/swagger-ui.css">
<link rel="stylesheet" href="${assets}/index.css">
<link rel="icon" type="image/png" href="${assets}/favicon-32x32.png" sizes="32x32">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${assets}/swagger-ui-bundle.js"></script>
<script src="${assets}/swagger-ui-standalone-preset.js"></script>
<script src="${assets}/swagger-initializer.js"></script>
</body>
</html>
`;
}

interface Parameter {
  name: string;
  in: string;
  example?: unknown;
}
interface Operation {
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { example?: unknown }> };
  'x-example'?: ExampleCall;
  'x-codeSamples'?: { lang: string; label: string; source: string }[];
}
type OpenApi = { paths?: Record<string, Record<string, Operation>> } & Record<string, unknown>;

/** Turns each operation's example call into parameter and body examples and a curl snippet. */
function withSnippets(doc: OpenApi, publicUrl: string): OpenApi {
  for (const [path, operations] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(operations)) {
      const example = op['x-example'];
      if (!example) continue;
      delete op['x-example'];
      for (const parameter of op.parameters ?? []) {
        const value = parameter.in === 'path' ? example.params?.[parameter.name] : example.query?.[parameter.name];
        if (value !== undefined) parameter.example = value;
      }
      const json = op.requestBody?.content['application/json'];
      if (json && example.body !== undefined) json.example = example.body;
      const source = curl(method.toUpperCase(), publicUrl + fillPath(path, example.params ?? {}), example, op.security);
      op['x-codeSamples'] = [{ lang: 'Shell', label: 'curl', source }];
      op.description = `${op.description ?? ''}\n\n\`\`\`sh\n${source}\n\`\`\``;
    }
  }
  return doc;
}

const fillPath = (path: string, params: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? `{${name}}`));

/** A curl command for the call; it sends a token where one is accepted, else the session cookie. */
function curl(method: string, url: string, example: ExampleCall, security: Operation['security']): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(example.query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) query.append(name, String(item));
  }
  const address = query.size ? `${url}?${query.toString()}` : url;
  const lines = [method === 'GET' ? `curl '${address}'` : `curl -X ${method} '${address}'`];
  const schemes = new Set((security ?? []).flatMap((s) => Object.keys(s)));
  if (schemes.has('token')) lines.push(`-H 'Authorization: Bearer <your API token>'`);
  else if (schemes.has('session')) lines.push(`-b '${SESSION_COOKIE}=<your session cookie>'`);
  if (example.body !== undefined)
    lines.push(`-H 'Content-Type: application/json'`, `-d '${JSON.stringify(example.body)}'`);
  return lines.join(' \\\n  ');
}
