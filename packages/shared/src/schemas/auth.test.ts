import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ConfirmAccountInputSchema,
  LoginInputSchema,
  ReactivateInputSchema,
  registerInputSchema,
} from './auth';
import { EmailSchema, MobileNumberSchema, OtpSchema, ReferralCodeSchema } from './fields';
import {
  AccountPasswordInputSchema,
  UpdatePasswordInputSchema,
  UpdatePinInputSchema,
} from './users';

/** The first message for each field, as the API shows them (one per field, the first raised). */
function firstMessages(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const messages: Record<string, string> = {};
  for (const issue of result.error.issues) {
    messages[issue.path.map(String).join('.')] ??= issue.message;
  }
  return messages;
}

const without = <T extends Record<string, unknown>>(value: T, key: keyof T) =>
  Object.fromEntries(Object.entries(value).filter(([name]) => name !== key));

const PASSWORD = 'Sunshine#2026';

/** 21 November 2026, 11:00 in Lagos: every registration here is checked on that day. */
const clock = { now: () => new Date('2026-11-21T10:00:00Z') };
const RegisterInputSchema = registerInputSchema(clock);

const validRegistration = {
  first_name: 'Chidinma',
  last_name: 'Eze',
  email: 'chidinma.eze@example.com',
  mobile_number: '+2348031234567',
  gender: 'Female',
  date_of_birth: '1998-03-14',
  password: PASSWORD,
  verify_password: PASSWORD,
  referral_code: null,
};
type Registration = typeof validRegistration;

/** Day after a yyyy-MM-dd date, in the same format. */
const nextDay = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

describe('registration messages (docs/product.md §5)', () => {
  it('accepts a complete, valid registration', () => {
    expect(firstMessages(RegisterInputSchema, validRegistration)).toEqual({});
  });

  /** Name, field, value (undefined: left out), its message, and any other field flagged with it. */
  const cases: [string, keyof Registration, unknown, string, Record<string, string>?][] = [
    ['first name missing', 'first_name', undefined, 'First name is required'],
    ['first name blank', 'first_name', '   ', 'First name is required'],
    ['last name missing', 'last_name', undefined, 'Last name is required'],
    ['last name empty', 'last_name', '', 'Last name is required'],
    ['email missing', 'email', undefined, 'Email is required'],
    ['email empty', 'email', '', 'Email is required'],
    ['email without @', 'email', 'chidinma.example.com', 'Please enter a valid email'],
    ['email without domain', 'email', 'chidinma@example', 'Please enter a valid email'],
    ['phone missing', 'mobile_number', undefined, 'Phone is required'],
    ['phone empty', 'mobile_number', '', 'Phone is required'],
    [
      'phone too short',
      'mobile_number',
      '+234803123456',
      'Phone number cannot be  less than 10 digits',
    ],
    [
      'phone too short (digits)',
      'mobile_number',
      '80312',
      'Phone number cannot be  less than 10 digits',
    ],
    ['phone too long', 'mobile_number', '+23480312345678', 'Phone number Cannot exceed 10 digits'],
    ['phone not 7/8/9', 'mobile_number', '+2341031234567', 'Please enter a valid phone number'],
    ['phone with letters', 'mobile_number', '+234803123456a', 'Please enter a valid phone number'],
    ['gender missing', 'gender', undefined, 'Gender is required'],
    ['gender empty', 'gender', '', 'Gender is required'],
    ['gender not offered', 'gender', 'Unknown', 'Invalid gender selected'],
    ['gender in lower case', 'gender', 'female', 'Invalid gender selected'],
    ['date of birth missing', 'date_of_birth', undefined, 'Date of birth is required'],
    ['date of birth empty', 'date_of_birth', '', 'Date of birth is required'],
    ['password missing', 'password', undefined, 'Password is required'],
    [
      'password empty',
      'password',
      '',
      'Password is required',
      { verify_password: 'Passwords do not match' },
    ],
    ['password too short', 'password', 'Ab1!', 'Password must contain at least 8 characters'],
    [
      'password without a special character',
      'password',
      'Sunshine2026',
      'Password must contain at least 8 characters, one uppercase, one lowercase, one digit, and one special character e.g. !#$',
    ],
    [
      'password without an uppercase letter',
      'password',
      'sunshine#2026',
      'Password must contain at least 8 characters, one uppercase, one lowercase, one digit, and one special character e.g. !#$',
    ],
    [
      'password without a digit',
      'password',
      'Sunshine#Day',
      'Password must contain at least 8 characters, one uppercase, one lowercase, one digit, and one special character e.g. !#$',
    ],
    ['confirm password missing', 'verify_password', undefined, 'Confirm password is required'],
    ['confirm password empty', 'verify_password', '', 'Confirm password is required'],
    ['confirm password different', 'verify_password', 'Sunshine#2027', 'Passwords do not match'],
  ];

  it.each(cases)('%s', (_name, field, value, message, alsoFlagged = {}) => {
    // A changed password is confirmed too, so that only the password itself is at fault.
    const confirmation = field === 'password' && value ? { verify_password: value } : {};
    const input =
      value === undefined
        ? without(validRegistration, field)
        : { ...validRegistration, ...confirmation, [field]: value };
    expect(firstMessages(RegisterInputSchema, input)).toEqual({ [field]: message, ...alsoFlagged });
  });

  it.each([
    // Today in Lagos, someone 18 today, and the day after that birth date.
    ['2026-11-21T10:00:00Z', '2026-11-21', '2008-11-21'],
    // 23:30 UTC is already the next day in Lagos.
    ['2026-11-21T23:30:00Z', '2026-11-22', '2008-11-22'],
    // 29 February: 18 years back there is none, so 28 February is the latest birth date.
    ['2028-02-29T12:00:00Z', '2028-02-29', '2010-02-28'],
  ])(
    'at %s, refuses anyone under 18 in Lagos and accepts someone 18 today',
    (now, today, latest) => {
      const schema = registerInputSchema({ now: () => new Date(now) });
      const at = (date_of_birth: string) =>
        firstMessages(schema, { ...validRegistration, date_of_birth }).date_of_birth;
      expect(at(latest)).toBeUndefined();
      expect(at(nextDay(latest))).toBe('You must be at least 18 years old');
      expect(at(today)).toBe('You must be at least 18 years old');
    },
  );

  it('refuses a date that is not on the calendar', () => {
    expect(
      firstMessages(RegisterInputSchema, { ...validRegistration, date_of_birth: '2000-02-30' })
        .date_of_birth,
    ).toBe('Date input not valid.');
  });

  it('leaves the referral code optional', () => {
    expect(firstMessages(RegisterInputSchema, without(validRegistration, 'referral_code'))).toEqual(
      {},
    );
  });

  it('normalises what it accepts', () => {
    const parsed = RegisterInputSchema.parse({
      ...validRegistration,
      first_name: '  Chidinma ',
      email: '  Chidinma.Eze@Example.COM ',
      mobile_number: '0803 123 4567',
      referral_code: '',
    });
    expect(parsed).toMatchObject({
      first_name: 'Chidinma',
      email: 'chidinma.eze@example.com',
      mobile_number: '+2348031234567',
      referral_code: null,
      password: PASSWORD,
    });
  });
});

describe('field normalisation', () => {
  it.each(['08031234567', '2348031234567', '+2348031234567', '8031234567', '+234 803-123-4567'])(
    'reads the mobile number %s as +2348031234567',
    (input) => {
      expect(MobileNumberSchema.parse(input)).toBe('+2348031234567');
    },
  );

  it('lower-cases and trims e-mail addresses', () => {
    expect(EmailSchema.parse('  Ada.OBI@Example.Com\t')).toBe('ada.obi@example.com');
  });

  it('reads an empty or absent referral code as null, and upper-cases a given one', () => {
    expect(ReferralCodeSchema.parse('')).toBeNull();
    expect(ReferralCodeSchema.parse('   ')).toBeNull();
    expect(ReferralCodeSchema.parse(null)).toBeNull();
    expect(ReferralCodeSchema.parse(undefined)).toBeNull();
    expect(ReferralCodeSchema.parse(' chidi7k ')).toBe('CHIDI7K');
  });

  it('does not trim passwords', () => {
    const parsed = LoginInputSchema.parse({ email: 'a@b.co', password: ' spaced out ' });
    expect(parsed.password).toBe(' spaced out ');
  });
});

describe('login, reactivation and one-time codes', () => {
  it('login: email required and valid, password required and at least 8 characters', () => {
    expect(firstMessages(LoginInputSchema, { email: 'a@b.co', password: 'Short1!' })).toEqual({
      password: 'Password must contain at least 8 characters',
    });
    expect(firstMessages(LoginInputSchema, { email: 'a@b.co', password: '' })).toEqual({
      password: 'Password is required',
    });
    expect(firstMessages(LoginInputSchema, { password: PASSWORD })).toEqual({
      email: 'Email is required',
    });
    expect(firstMessages(LoginInputSchema, { email: 'nope', password: PASSWORD })).toEqual({
      email: 'Please enter a valid email',
    });
    expect(LoginInputSchema.parse({ email: 'a@b.co', password: PASSWORD }).device).toBe('web');
  });

  it('reactivation: minimum message "Password must be at least 8 characters"', () => {
    expect(firstMessages(ReactivateInputSchema, { email: 'a@b.co', password: 'Short1!' })).toEqual({
      password: 'Password must be at least 8 characters',
    });
    expect(firstMessages(ReactivateInputSchema, { email: 'a@b.co' })).toEqual({
      password: 'Password is required',
    });
  });

  it.each([undefined, '', '12345', '1234567', '12a456', '12 456'])(
    'OTP %j: "OTP must be 6 digits"',
    (otp) => {
      expect(
        firstMessages(ConfirmAccountInputSchema, { otp, email: 'a@b.co', password: PASSWORD }),
      ).toEqual({ otp: 'OTP must be 6 digits' });
    },
  );

  it('accepts a 6-digit OTP, surrounding spaces trimmed', () => {
    expect(OtpSchema.parse(' 042917 ')).toBe('042917');
  });
});

describe('change password and PIN messages (docs/product.md §5)', () => {
  const validChange = {
    password: PASSWORD,
    new_password: 'Moonlight#2027',
    verify_new_password: 'Moonlight#2027',
    otp: '123456',
  };
  const NEW_RULES =
    'New password must contain 8 characters, one uppercase, one lowercase, one digit and one special character';

  it('accepts a valid change', () => {
    expect(firstMessages(UpdatePasswordInputSchema, validChange)).toEqual({});
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    [
      'current password missing',
      without(validChange, 'password'),
      { password: 'Current password is required' },
    ],
    [
      'current password too short',
      { ...validChange, password: 'Short1!' },
      { password: 'Password must be at least 8 characters' },
    ],
    [
      'new password missing',
      without(validChange, 'new_password'),
      { new_password: 'New password is required' },
    ],
    [
      'new password too short',
      { ...validChange, new_password: 'Ab1!', verify_new_password: 'Ab1!' },
      { new_password: NEW_RULES },
    ],
    [
      'new password without a special character',
      { ...validChange, new_password: 'Moonlight2027', verify_new_password: 'Moonlight2027' },
      { new_password: NEW_RULES },
    ],
    [
      'confirmation missing',
      without(validChange, 'verify_new_password'),
      { verify_new_password: 'Confirm password is required' },
    ],
    [
      'confirmation different',
      { ...validChange, verify_new_password: 'Moonlight#2028' },
      { verify_new_password: 'Passwords do not match' },
    ],
    ['OTP wrong length', { ...validChange, otp: '123' }, { otp: 'OTP must be 6 digits' }],
  ])('change password: %s', (_name, input, expected) => {
    expect(firstMessages(UpdatePasswordInputSchema, input)).toEqual(expected);
  });

  const validPin = { password: PASSWORD, pin: '4829', verify_pin: '4829' };

  it('accepts a valid PIN change', () => {
    expect(firstMessages(UpdatePinInputSchema, validPin)).toEqual({});
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['password missing', without(validPin, 'password'), { password: 'Password is required' }],
    [
      'password too short',
      { ...validPin, password: 'Short1!' },
      { password: 'Password must be at least 8 characters' },
    ],
    ['PIN missing', without(validPin, 'pin'), { pin: 'PIN is required' }],
    [
      'PIN empty',
      { ...validPin, pin: '' },
      { pin: 'PIN is required', verify_pin: 'Pins do not match' },
    ],
    [
      'PIN too short',
      { ...validPin, pin: '482' },
      { pin: 'PIN must be 4 digits', verify_pin: 'Pins do not match' },
    ],
    [
      'PIN with a letter',
      { ...validPin, pin: '48a9', verify_pin: '48a9' },
      { pin: 'PIN must be 4 digits', verify_pin: 'PIN must be 4 digits' },
    ],
    [
      'confirm PIN missing',
      without(validPin, 'verify_pin'),
      { verify_pin: 'Confirm PIN is required' },
    ],
    [
      'confirm PIN not 4 digits',
      { ...validPin, verify_pin: '48291' },
      { verify_pin: 'PIN must be 4 digits' },
    ],
    ['PINs different', { ...validPin, verify_pin: '4830' }, { verify_pin: 'Pins do not match' }],
  ])('PIN: %s', (_name, input, expected) => {
    expect(firstMessages(UpdatePinInputSchema, input)).toEqual(expected);
  });

  it('deactivate and delete: password required, at least 8 characters', () => {
    expect(firstMessages(AccountPasswordInputSchema, {})).toEqual({
      password: 'Password is required',
    });
    expect(firstMessages(AccountPasswordInputSchema, { password: 'Short1!' })).toEqual({
      password: 'Password must be at least 8 characters',
    });
    expect(firstMessages(AccountPasswordInputSchema, { password: PASSWORD })).toEqual({});
  });
});
