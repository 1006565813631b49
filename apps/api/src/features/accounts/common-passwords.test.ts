import { describe, expect, it } from 'vitest';
import { PASSWORD } from '../../../test/accounts';
import { isCommonPassword, passwordReadings } from './common-passwords';

describe('common passwords', () => {
  it.each([
    'P@ssw0rd',
    'Password1!',
    'Qwerty@123',
    'Welcome@123',
    'Passw0rd!',
    'PASSWORD123!',
    '@dmin123',
    'Iloveyou1!',
    'Sunshine#2026',
    '#Monkey123$',
    'Ｐａｓｓｗｏｒｄ１！',
  ])('refuses %s', async (password) => {
    expect(await isCommonPassword(password)).toBe(true);
  });

  it.each([
    'Tr0mbone-Garden-92!',
    'KartaDemo#2026',
    PASSWORD,
    'Harmattan#Breeze27',
    'Not#MyPassword1',
    'Correct-Horse-Battery-9',
  ])('accepts %s: a common word inside is not the whole password', async (password) => {
    expect(await isCommonPassword(password)).toBe(false);
  });

  it('reads decorations off the edges and look-alikes inside', () => {
    expect(passwordReadings('Passw0rd!')).toContain('password');
    expect(passwordReadings('Qwerty@123')).toContain('qwerty');
    expect(passwordReadings('Password1!')).toContain('password1');
    expect(passwordReadings('M0nk3y!')).toContain('monkey');
    expect(passwordReadings('Tr0mbone-Garden-92!')).not.toContain('trombone');
  });
});
