import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { fieldName, type Issue, issueText, partName } from './issues.ts';
import { translator } from './messages.ts';
import './messages-sw.ts';

const en = translator('en');
const sw = translator('sw');

/** The issues zod reports for `input`, each with the value it failed on, as the server looks it up. */
function issuesOf(schema: z.ZodMiniType, input: Record<string, unknown>): Issue[] {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected the input to be refused');
  return result.error.issues.map((issue): Issue => ({ ...issue, input: input[String(issue.path[0])] }));
}

const schema = z.object({
  lat: z.number().check(z.gte(-90), z.lte(90)),
  share: z.optional(z.number().check(z.gt(0), z.lt(1))),
  code: z.optional(z.string().check(z.minLength(2), z.maxLength(3))),
  name: z.optional(z.string().check(z.minLength(1))),
  email: z.optional(z.string().check(z.email())),
  items: z.optional(z.array(z.string()).check(z.minLength(1), z.maxLength(2))),
  kind: z.optional(z.enum(['raster', 'vector'])),
  count: z.optional(z.number().check(z.int())),
});

const cases: [Record<string, unknown>, string, string][] = [
  [{ lat: 91 }, 'must be at most 90', 'thamani isizidi 90'],
  [{ lat: -91 }, 'must be at least -90', 'thamani isipungue -90'],
  [{ lat: 0, share: 1 }, 'must be less than 1', 'thamani iwe chini ya 1'],
  [{ lat: 0, share: 0 }, 'must be more than 0', 'thamani iwe zaidi ya 0'],
  [{ lat: 'north' }, 'must be a number', 'thamani iwe namba'],
  [{}, 'a value is required', 'thamani inahitajika'],
  [{ lat: 0, code: 'abcd' }, 'must be at most 3 characters long', 'thamani isizidi herufi 3'],
  [{ lat: 0, code: 'a' }, 'must be at least 2 characters long', 'thamani iwe na angalau herufi 2'],
  [{ lat: 0, name: '' }, 'must not be empty', 'thamani isiwe tupu'],
  [{ lat: 0, email: 'nobody' }, 'must be an e-mail address', 'thamani iwe anwani ya barua pepe'],
  [{ lat: 0, items: [] }, 'must hold at least 1 item', 'orodha iwe na angalau kipengele 1'],
  [{ lat: 0, items: ['a', 'b', 'c'] }, 'may hold at most 2 items', 'orodha isizidi vipengele 2'],
  [{ lat: 0, kind: 'tile' }, 'must be one of: raster, vector', 'thamani iwe mojawapo ya: raster, vector'],
  [{ lat: 0, count: 1.5 }, 'must be a whole number', 'thamani iwe namba kamili'],
];

describe("the catalogue's error map", () => {
  it.each(cases)('says what is wrong with %j in English and in Swahili', (input, english, swahili) => {
    const [issue] = issuesOf(schema, input);
    expect(issueText(en, issue)).toBe(english);
    expect(issueText(sw, issue)).toBe(swahili);
  });

  it("keeps a rule's own message, in the language asked for", () => {
    const issue: Issue = { code: 'too_small', path: ['name'], message: 'apiToken.nameRequired', input: '' };
    expect(issueText(en, issue)).toBe('Give the token a name');
    expect(issueText(sw, issue)).toBe('Ipe tokeni jina');
  });

  it('names fields and parts of a request in words', () => {
    expect(fieldName(en, ['variables', 1])).toBe('variables, item 2');
    expect(fieldName(sw, ['variables', 1])).toBe('variables, kipengele cha 2');
    expect(fieldName(en, [])).toBe('');
    expect(partName(en, 'querystring')).toBe('query string');
    expect(partName(sw, 'querystring')).toBe('vigezo vya anwani');
  });
});
