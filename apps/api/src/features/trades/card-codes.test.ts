import { describe, expect, it } from 'vitest';
import { findCardCodes, hashCardCode } from './card-codes';

describe('findCardCodes', () => {
  it('finds one code however its case, spaces and dashes are typed', () => {
    const typings = [
      'X7K2-9PQR-44LM-ZZ81',
      'x7k2 9pqr 44lm zz81',
      'X7K29PQR44LMZZ81',
      'Code: x7k2-9pqr 44LM - zz81. Thanks!',
      'please approve\nX7K2 9PQR-44LM ZZ81',
    ];
    for (const comment of typings) expect(findCardCodes(comment)).toEqual(['X7K29PQR44LMZZ81']);
  });

  it('keeps a dash-joined code whole, groups without digits included', () => {
    expect(findCardCodes('AQ3X-7ZNQPM-KLMN')).toEqual(['AQ3X7ZNQPMKLMN']);
    expect(findCardCodes('aq3x7znqpmklmn')).toEqual(['AQ3X7ZNQPMKLMN']);
  });

  it('finds each of several codes, in order', () => {
    expect(findCardCodes('1) ABCD-1234-EFGH-5678\n2) 9999 8888 7777 6666')).toEqual([
      'ABCD1234EFGH5678',
      '9999888877776666',
    ]);
  });

  it('ignores prose, amounts, dates, account and phone numbers and trade references', () => {
    for (const comment of [
      'Fresh card, 100 USD, bought 2024-06-21',
      'Pay into 0123456789 GTBank',
      'call me on 08031234567 or +234 803 123 4567',
      'same as KT-7K3M9QX2 last week',
      null,
      '',
    ]) {
      expect(findCardCodes(comment)).toEqual([]);
    }
  });

  it('hashes with the key, never giving the code back', () => {
    const key = Buffer.alloc(32, 1);
    const hash = hashCardCode(key, 'X7K29PQR44LMZZ81');
    expect(hash).toBe(hashCardCode(key, 'X7K29PQR44LMZZ81'));
    expect(hash).not.toBe(hashCardCode(Buffer.alloc(32, 2), 'X7K29PQR44LMZZ81'));
    expect(hash).not.toContain('X7K2');
  });
});
