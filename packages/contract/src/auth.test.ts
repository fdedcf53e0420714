import { describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import { ChangePasswordBodySchema } from './account.ts';
import {
  EmailSchema,
  ForgotPasswordBodySchema,
  LoginBodySchema,
  ResetPasswordBodySchema,
  SignupBodySchema,
  VerifyBodySchema,
} from './auth.ts';
import { en, textOf, translator } from './messages.ts';

const t = translator();
/** The field messages in English, by their name after 'field.'. */
const M = Object.fromEntries(
  Object.entries(en).flatMap(([k, text]) => (k.startsWith('field.') ? [[k.slice('field.'.length), text]] : [])),
) as Record<string, string>;

/** The first message for each field, as a form shows it under the field (in English). */
function firstMessages(schema: z.ZodMiniType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const messages: Record<string, string> = {};
  for (const issue of result.error.issues) messages[issue.path.join('.')] ??= textOf(t, issue.message);
  return messages;
}

const goodSignup = {
  username: 'Amina Otieno',
  email: 'amina@example.org',
  password: 'long enough',
  confirmPW: 'long enough',
  organization: 'KNBS',
  country: 'Kenya',
  useOfData: 'County comparisons of water access',
};

describe('login', () => {
  it("gives the spec's messages for empty, short and malformed input", () => {
    expect(firstMessages(LoginBodySchema, { email: '', password: '' })).toEqual({
      email: M.emailRequired,
      password: M.passwordRequired,
    });
    expect(firstMessages(LoginBodySchema, { email: 'amina@', password: 'short' })).toEqual({
      email: M.emailInvalid,
      password: M.passwordMin,
    });
    expect(firstMessages(LoginBodySchema, {})).toEqual({ email: M.emailRequired, password: M.passwordRequired });
  });

  it('says a field must be text when it is of another type', () => {
    expect(firstMessages(LoginBodySchema, { email: 42, password: ['x'] })).toEqual({
      email: M.notText,
      password: M.notText,
    });
  });

  it('trims and lower-cases the e-mail so one mailbox is one account', () => {
    expect(EmailSchema.parse('  Amina@Example.ORG ')).toBe('amina@example.org');
    expect(LoginBodySchema.parse({ email: 'A@b.co', password: '12345678' })).toEqual({
      email: 'a@b.co',
      password: '12345678',
    });
  });
});

describe('signup', () => {
  it('accepts a complete form', () => {
    expect(SignupBodySchema.safeParse(goodSignup).success).toBe(true);
  });

  it("gives each field's 'required' message when everything is blank", () => {
    const blank = Object.fromEntries(Object.keys(goodSignup).map((key) => [key, '  ']));
    expect(firstMessages(SignupBodySchema, { ...blank, password: '', confirmPW: '' })).toEqual({
      username: M.usernameRequired,
      email: M.emailRequired,
      password: M.passwordRequired,
      confirmPW: M.confirmRequired,
      organization: M.organizationRequired,
      country: M.countryRequired,
      useOfData: M.useOfDataRequired,
    });
  });

  it('gives the minimum and maximum length messages', () => {
    const short = { ...goodSignup, username: 'A', organization: 'K', country: 'Ken', useOfData: 'Too short' };
    expect(firstMessages(SignupBodySchema, short)).toEqual({
      username: M.usernameMin,
      organization: M.organizationMin,
      country: M.countryMin,
      useOfData: M.useOfDataMin,
    });
    const long = { ...goodSignup, username: 'a'.repeat(101), country: 'c'.repeat(101), useOfData: 'u'.repeat(256) };
    expect(firstMessages(SignupBodySchema, long)).toEqual({
      username: M.usernameMax,
      country: M.countryMax,
      useOfData: M.useOfDataMax,
    });
    const limits = { ...goodSignup, username: 'a'.repeat(100), country: 'c'.repeat(100), useOfData: 'u'.repeat(255) };
    expect(SignupBodySchema.safeParse(limits).success).toBe(true);
  });

  it("says 'Password does not match' even while other fields are still wrong", () => {
    expect(firstMessages(SignupBodySchema, { ...goodSignup, username: '', confirmPW: 'something else' })).toEqual({
      username: M.usernameRequired,
      confirmPW: M.confirmMismatch,
    });
  });
});

describe('forgot, reset, verify and change password', () => {
  it('checks the e-mail of a reset request', () => {
    expect(firstMessages(ForgotPasswordBodySchema, { email: 'nobody' })).toEqual({ email: M.emailInvalid });
  });

  it('checks the new password, its confirmation and the link id', () => {
    const id = 'a'.repeat(43);
    expect(firstMessages(ResetPasswordBodySchema, { password: 'short', confirmPW: '', id })).toEqual({
      password: M.passwordMin,
      confirmPW: M.confirmRequired,
    });
    expect(firstMessages(ResetPasswordBodySchema, { password: 'long enough', confirmPW: 'long enougH', id })).toEqual({
      confirmPW: M.confirmMismatch,
    });
    expect(
      firstMessages(ResetPasswordBodySchema, { password: 'long enough', confirmPW: 'long enough', id: '../../etc' }),
    ).toEqual({ id: M.linkInvalid });
  });

  it('refuses a link id that is not a token', () => {
    for (const id of [undefined, '', 'short', "x' OR 1=1 --", 'a'.repeat(200)]) {
      expect(firstMessages(VerifyBodySchema, { id })).toEqual({ id: M.linkInvalid });
    }
  });

  it('asks for the current password when changing it', () => {
    expect(
      firstMessages(ChangePasswordBodySchema, {
        currentPassword: '',
        password: 'long enough',
        confirmPW: 'long enough',
      }),
    ).toEqual({
      currentPassword: 'Enter your current password',
    });
  });
});
