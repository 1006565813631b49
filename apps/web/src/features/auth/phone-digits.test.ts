import { describe, expect, it } from 'vitest';
import { toNationalPhoneDigits } from './phone-digits';

describe('the national phone number from what was typed or pasted', () => {
  it.each([
    ['8031234567', '8031234567'],
    ['08031234567', '8031234567'],
    ['+2348031234567', '8031234567'],
    ['2348031234567', '8031234567'],
    ['+234 0803 123 4567', '8031234567'],
    ['(0803) 123-4567', '8031234567'],
    ['0', ''],
    ['234', '234'],
    ['80312345678', '8031234567'],
  ])('%s becomes %s', (typed, expected) => {
    expect(toNationalPhoneDigits(typed)).toBe(expected);
  });

  it('reaches the same number when "+2348031234567" is typed one key at a time', () => {
    let value = '';
    for (const key of '+2348031234567') value = toNationalPhoneDigits(value + key);
    expect(value).toBe('8031234567');
  });
});
