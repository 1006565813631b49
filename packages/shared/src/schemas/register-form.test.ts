import { describe, expect, it } from 'vitest';
import { MESSAGES as M } from '../messages';
import { registerInputSchema } from './auth';
import { registerFormSchema } from './register-form';

/** 21 November 2026 in Lagos: the form and the API check ages on the same day. */
const clock = { now: () => new Date('2026-11-21T10:00:00Z') };
const RegisterFormSchema = registerFormSchema(clock);
const RegisterInputSchema = registerInputSchema(clock);

const valid = {
  first_name: 'Chidinma',
  last_name: 'Eze',
  email: 'Chidinma.Eze@example.com',
  phone: '8031234567',
  gender: 'Female',
  date_of_birth: '1998-03-14',
  password: 'Sunshine#2026',
  verify_password: 'Sunshine#2026',
  referral_code: '',
};

function messagesFor(input: Record<string, string>): Record<string, string> {
  const result = RegisterFormSchema.safeParse(input);
  const messages: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) messages[String(issue.path[0])] ??= issue.message;
  return messages;
}

describe('RegisterFormSchema (docs/product.md §5)', () => {
  it('accepts a valid form, with an empty referral code as null', () => {
    const parsed = RegisterFormSchema.parse(valid);
    expect(parsed.referral_code).toBeNull();
    expect(parsed.email).toBe('chidinma.eze@example.com');
  });

  it('gives every empty field its required message', () => {
    const empty = Object.fromEntries(Object.keys(valid).map((key) => [key, '']));
    expect(messagesFor(empty)).toEqual({
      first_name: M.FIRST_NAME_REQUIRED,
      last_name: M.LAST_NAME_REQUIRED,
      email: M.EMAIL_REQUIRED,
      phone: M.PHONE_REQUIRED,
      gender: M.GENDER_REQUIRED,
      date_of_birth: M.DATE_OF_BIRTH_REQUIRED,
      password: M.PASSWORD_REQUIRED,
      verify_password: M.CONFIRM_PASSWORD_REQUIRED,
    });
  });

  it.each([
    ['phone', '803123456', M.PHONE_TOO_SHORT],
    ['phone', '80312345678', M.PHONE_TOO_LONG],
    ['phone', '1031234567', M.PHONE_INVALID],
    ['email', 'chidinma@', M.EMAIL_INVALID],
    ['gender', 'Unknown', M.GENDER_INVALID],
    ['date_of_birth', '1998-02-30', M.DATE_OF_BIRTH_INVALID],
    ['password', 'Ab1#', M.PASSWORD_MIN],
    ['password', 'sunshine2026', M.PASSWORD_RULES],
  ])('%s %j reads "%s"', (field, value, message) => {
    const input = {
      ...valid,
      [field]: value,
      verify_password: field === 'password' ? value : valid.verify_password,
    };
    expect(messagesFor(input)[field]).toBe(message);
  });

  it('refuses anyone younger than 18 and mismatched passwords', () => {
    expect(messagesFor({ ...valid, date_of_birth: '2008-11-21' }).date_of_birth).toBeUndefined();
    expect(messagesFor({ ...valid, date_of_birth: '2008-11-22' }).date_of_birth).toBe(M.UNDER_AGE);
    expect(messagesFor({ ...valid, verify_password: 'Sunshine#2025' }).verify_password).toBe(
      M.PASSWORDS_DO_NOT_MATCH,
    );
  });

  it('maps onto the API payload the server accepts', () => {
    const form = RegisterFormSchema.parse({ ...valid, referral_code: ' demo2026 ' });
    const { phone, ...rest } = form;
    const payload = RegisterInputSchema.parse({ ...rest, mobile_number: `+234${phone}` });
    expect(payload.mobile_number).toBe('+2348031234567');
    expect(payload.referral_code).toBe('DEMO2026');
  });
});
