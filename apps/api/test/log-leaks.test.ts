import { describe, expect, it } from 'vitest';
import { codesInMail, SensitiveValues } from './log-leaks';

const line = (fields: Record<string, unknown>) =>
  JSON.stringify({ level: 30, time: 1_795_524_002_541, pid: 2468, hostname: 'vm', ...fields });

function valuesSeen() {
  const values = new SensitiveValues();
  values.addFrom({
    email: 'ada.lovelace@example.com',
    password: 'Quartz"Falcon\\27',
    mobile_number: '+2348031234567',
    pin: '2468',
    first_name: 'Adaeze',
    last_name: 'Eze',
    nested: { otp: '482913' },
  });
  return values;
}

/** The scan every test app runs in close(): it must catch a leak, or it proves nothing. */
describe('the log scan', () => {
  it('passes logs that hold none of the values', () => {
    const logs = [
      line({ msg: 'request', method: 'POST', path: '/api/v1/auth/login', status: 200, ms: 2468 }),
      line({ msg: 'mail for ad***@example.com stored in the outbox' }),
      line({ msg: 'port 24680, 1234567 rows, 3482913 kobo' }),
    ];
    expect(valuesSeen().findLeaks(logs)).toEqual([]);
  });

  it.each([
    ['email', line({ msg: 'mail for ada.lovelace@example.com stored' })],
    ['email', line({ readAt: '/dev/mail?to=ada.lovelace%40example.com' })],
    ['password', line({ err: { message: 'bad hash for Quartz"Falcon\\27' } })],
    ['mobile_number', line({ msg: 'sms to 08031234567 failed' })],
    ['pin', line({ body: { pin: '2468' } })],
    ['otp', line({ msg: 'code 482913 issued' })],
    ['first_name', line({ user: 'Adaeze' })],
  ])('fails on a leaked %s, and names the field without repeating the value', (field, leaked) => {
    const logs = [line({ msg: 'fine' }), leaked];
    expect(() => {
      valuesSeen().assertNotIn(logs);
    }).toThrow(`- ${field}: `);
    const report = valuesSeen()
      .findLeaks(logs)
      .map((leak) => `${leak.field} ${leak.line}`)
      .join('\n');
    expect(report).toContain(`[${field}]`);
    for (const secret of ['ada.lovelace', 'Quartz', '8031234567', '482913', 'Adaeze']) {
      expect(report).not.toContain(secret);
    }
  });

  it('ignores values too short to tell apart from ordinary text', () => {
    const values = new SensitiveValues();
    values.addFrom({ last_name: 'Eze', password: 'abc' });
    expect(values.size).toBe(0);
  });

  it('takes whatever a fuzzer sends without failing (a lone surrogate, a megabyte)', () => {
    const values = new SensitiveValues();
    values.addFrom({ email: 'ada\ud800@example.com', first_name: '🎁'.repeat(500_000) });
    expect(values.size).toBe(1);
    expect(() => {
      values.assertNotIn([line({ msg: 'ada\ud800@example.com' })]);
    }).toThrow('- email: ');
  });

  it('counts each of a list of recovery codes, and a request’s code but not an answer’s', () => {
    const values = new SensitiveValues();
    values.addFrom({ data: { recovery_codes: ['k7m2p-x9q4r', 'a1b2c-d3e4f'] } });
    values.addFrom({ code: '492039' }, { isRequest: true });
    // A bank's code in an answer is not a secret.
    values.addFrom({ data: [{ name: 'Opay', code: '999992' }] });
    expect(values.size).toBe(3);
    expect(() => {
      values.assertNotIn([line({ msg: 'used a1b2c-d3e4f' })]);
    }).toThrow('- recovery_codes: ');
    expect(() => {
      values.assertNotIn([line({ msg: 'step-up 492039' })]);
    }).toThrow('- code: ');
    expect(() => {
      values.assertNotIn([line({ msg: 'paid to bank 999992' })]);
    }).not.toThrow();
  });

  it('finds the code in a code mail', () => {
    const text =
      'Hello Ada,\n\nUse this code to confirm your account:\n\n    482913\n\nIt expires.';
    expect(codesInMail(text)).toEqual(['482913']);
  });
});
