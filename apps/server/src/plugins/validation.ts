import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { $ZodType } from 'zod/v4/core';
import { z } from 'zod/mini';
import { key, LANGUAGE_PARAM } from '@portal/contract/messages';

interface JsonSchema {
  type?: string | string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
}

/** Whether a parameter's input may be a list (`?variable=a&variable=b`). */
const takesList = (schema: JsonSchema): boolean =>
  [schema.type].flat().includes('array') || [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some(takesList);

/** The parameters a query string's schema names, and whether each takes a list. */
function parametersOf(schema: $ZodType): { name: string; list: boolean }[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return Object.entries(json.properties ?? {}).map(([name, parameter]) => ({ name, list: takesList(parameter) }));
}

/** The parameters of a query string's schema that take one value: those whose input is never a list. */
export const singleValueParameters = (schema: $ZodType): string[] =>
  parametersOf(schema)
    .filter((parameter) => !parameter.list)
    .map((parameter) => parameter.name);

/** A parameter that, if given, is given once. */
const Once = z.optional(z.unknown().check(z.refine((value) => !Array.isArray(value), key('issue.repeated'))));

/** Refuses a query that names a parameter other than `known`, naming it and those the call takes. */
const onlyKnown = (known: string[]) =>
  z.superRefine((query: Record<string, unknown>, context) => {
    const unknown = Object.keys(query).filter((name) => !known.includes(name));
    if (unknown.length)
      context.addIssue({
        code: 'custom',
        message: key('issue.unknownParameters'),
        params: { names: unknown.join(', '), known: known.join(', ') },
        input: query,
      });
  });

/**
 * The zod validator of fastify-type-provider-zod, which refuses, before a query string's own
 * schema, a parameter that takes one value and came more than once (`?q=rain&q=fall`): the query
 * parser makes a list of it, which a schema might take apart, coerce (`Number(['5'])`) or refuse
 * in words about lists. With `knownOnly`, it also refuses a parameter the schema does not name
 * (but `lang`, which every call takes), which the schema would drop unseen: a misspelt filter
 * would give every row. Which parameters a route takes is read from its schema, so every route
 * gets the rules and none repeats them.
 */
const queryValidatorCompiler =
  ({ knownOnly }: { knownOnly: boolean }): FastifySchemaCompiler<$ZodType> =>
  (route) => {
    if (route.httpPart !== 'querystring') return zodValidatorCompiler(route);
    const parameters = parametersOf(route.schema);
    const once = z.looseObject(Object.fromEntries(parameters.filter((p) => !p.list).map((p) => [p.name, Once])));
    const checked = knownOnly ? once.check(onlyKnown([...parameters.map((p) => p.name), LANGUAGE_PARAM])) : once;
    return zodValidatorCompiler({
      ...route,
      schema: z.pipe(checked, route.schema as z.ZodMiniType<unknown, Record<string, unknown>>),
    });
  };

export const validatorCompiler = queryValidatorCompiler({ knownOnly: false });

/** A query string that takes no parameter (but `lang`). */
const NoParameters = z.object({});

/**
 * Makes every route of `app` (the open API) refuse, with 400, a query parameter it does not take;
 * a route that declares no query string takes none.
 */
export function refuseUnknownParameters(app: FastifyInstance): void {
  app.setValidatorCompiler(queryValidatorCompiler({ knownOnly: true }));
  app.addHook('onRoute', (route) => {
    // An address no route has answers 404 whatever its query.
    if (route.url.endsWith('*')) return;
    route.schema = { ...route.schema, querystring: route.schema?.querystring ?? NoParameters };
  });
}
