import { isMessageKey, type MessageKey, textOf, type Translate } from './messages.ts';

/**
 * A broken rule as zod reports it: its code, the path to the value, the rule's own parameters and,
 * when the rule names one, a message (a catalogue key). `input` is the value the rule was given.
 */
export interface Issue {
  code: string;
  path: readonly PropertyKey[];
  message?: string;
  input?: unknown;
  /** The values a rule's own message (a catalogue key) is filled with. */
  params?: Record<string, unknown>;
  expected?: string;
  origin?: string;
  format?: string;
  maximum?: number | bigint;
  minimum?: number | bigint;
  inclusive?: boolean;
  divisor?: number | bigint;
  values?: readonly unknown[];
  keys?: readonly string[];
}

const TYPES: Partial<Record<string, MessageKey>> = {
  number: 'issue.type.number',
  int: 'issue.type.int',
  string: 'issue.type.string',
  boolean: 'issue.type.boolean',
  array: 'issue.type.array',
  object: 'issue.type.object',
};

/** Which catalogue text says what is wrong, and with what values. */
function keyOf(t: Translate, issue: Issue): [MessageKey, Record<string, unknown>?] {
  const limit = Number(issue.maximum ?? issue.minimum);
  const sized: '' | 'Length' | 'Items' =
    issue.origin === 'string' ? 'Length' : issue.origin === 'array' || issue.origin === 'set' ? 'Items' : '';
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return ['issue.required'];
      const expected = TYPES[issue.expected ?? ''];
      return expected ? ['issue.type', { expected: t(expected) }] : ['issue.invalid'];
    }
    case 'too_big':
      if (sized) return [`issue.max${sized}`, { count: limit }];
      if (issue.origin !== 'number' && issue.origin !== 'int' && issue.origin !== 'bigint') return ['issue.tooBig'];
      return [issue.inclusive === false ? 'issue.below' : 'issue.max', { maximum: limit }];
    case 'too_small':
      if (issue.origin === 'string' && limit === 1) return ['issue.empty'];
      if (sized) return [`issue.min${sized}`, { count: limit }];
      if (issue.origin !== 'number' && issue.origin !== 'int' && issue.origin !== 'bigint') return ['issue.tooSmall'];
      return [issue.inclusive === false ? 'issue.above' : 'issue.min', { minimum: limit }];
    case 'invalid_format':
      if (issue.format === 'email') return ['issue.email'];
      if (issue.format === 'date') return ['issue.date'];
      return ['issue.format'];
    case 'invalid_value':
      return ['issue.oneOf', { values: (issue.values ?? []).map(String).join(', ') }];
    case 'not_multiple_of':
      return ['issue.multipleOf', { divisor: Number(issue.divisor) }];
    case 'unrecognized_keys':
      return ['issue.unknownFields', { keys: (issue.keys ?? []).join(', ') }];
    default:
      return ['issue.invalid'];
  }
}

/**
 * The catalogue's error map: what is wrong with a value, wholly in `t`'s language (zod's own
 * messages are English only), without the field's name, which `fieldName` gives. A rule that names
 * its own message (a catalogue key) keeps it.
 */
export function issueText(t: Translate, issue: Issue): string {
  if (issue.message && isMessageKey(issue.message)) return t(issue.message, { ...issue.params });
  const [messageKey, values] = keyOf(t, issue);
  return textOf(t, messageKey, values);
}

/** Whether the text of an issue is the catalogue's error map's (which names no field) rather than a rule's own. */
export const isMapText = (issue: Issue) =>
  !issue.message || !isMessageKey(issue.message) || issue.message.startsWith('issue.');

/** The path of a value as a person reads it: 'variables, item 2' for ['variables', 1]; '' for the whole. */
export function fieldName(t: Translate, path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (name, part) =>
      typeof part === 'number'
        ? t('issue.item', { field: name, n: part + 1 })
        : name
          ? `${name}.${String(part)}`
          : String(part),
    '',
  );
}

/** The part of a request in words: 'query string' for Fastify's 'querystring'. */
export function partName(t: Translate, part: string): string {
  const messageKey = `issue.part.${part}`;
  return isMessageKey(messageKey) ? t(messageKey) : part;
}
