import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { $ZodType } from 'zod/v4/core';
import { z } from 'zod/mini';
import { key } from '@portal/contract/messages';

interface JsonSchema {
  type?: string | string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
}

/** Whether a parameter's input may be a list (`?variable=a&variable=b`). */
const takesList = (schema: JsonSchema): boolean =>
  [schema.type].flat().includes('array') || [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some(takesList);

/** The parameters of a query string's schema that take one value: those whose input is never a list. */
export function singleValueParameters(schema: $ZodType): string[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return Object.entries(json.properties ?? {})
    .filter(([, parameter]) => !takesList(parameter))
    .map(([name]) => name);
}

/** A parameter that, if given, is given once. */
const Once = z.optional(z.unknown().check(z.refine((value) => !Array.isArray(value), key('issue.repeated'))));

/**
 * The zod validator of fastify-type-provider-zod, which refuses, before a query string's own
 * schema, a parameter that takes one value and came more than once (`?q=rain&q=fall`): the query
 * parser makes a list of it, which a schema might take apart, coerce (`Number(['5'])`) or refuse
 * in words about lists. Which parameters take one value is read from each route's schema, so every
 * route gets the rule and none repeats it.
 */
export const validatorCompiler: FastifySchemaCompiler<$ZodType> = (route) => {
  if (route.httpPart !== 'querystring') return zodValidatorCompiler(route);
  const once = z.looseObject(Object.fromEntries(singleValueParameters(route.schema).map((name) => [name, Once])));
  return zodValidatorCompiler({
    ...route,
    schema: z.pipe(once, route.schema as z.ZodMiniType<unknown, Record<string, unknown>>),
  });
};
