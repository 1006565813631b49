import { describe, expect, it } from 'vitest';
import { searchBanks } from './bank-search';

/** Paystack's Nigerian list as the sandbox serves it (apps/api/src/adapters/payouts). */
const BANKS = [
  ['044', 'Access Bank'],
  ['063', 'Access Bank (Diamond)'],
  ['050', 'Ecobank Nigeria'],
  ['070', 'Fidelity Bank'],
  ['011', 'First Bank of Nigeria'],
  ['214', 'First City Monument Bank'],
  ['058', 'Guaranty Trust Bank'],
  ['50211', 'Kuda Bank'],
  ['50515', 'Moniepoint MFB'],
  ['999992', 'OPay Digital Services (OPay)'],
  ['999991', 'PalmPay'],
  ['076', 'Polaris Bank'],
  ['221', 'Stanbic IBTC Bank'],
  ['232', 'Sterling Bank'],
  ['032', 'Union Bank of Nigeria'],
  ['033', 'United Bank For Africa'],
  ['035', 'Wema Bank'],
  ['057', 'Zenith Bank'],
].map(([code = '', name = ''], id) => ({ id, code, name }));

const firstFor = (typed: string, usedBefore: string[] = []) =>
  searchBanks(BANKS, typed, usedBefore)[0]?.name;

describe('searchBanks: the names people use', () => {
  it.each([
    ['GTB', 'Guaranty Trust Bank'],
    ['gtbank', 'Guaranty Trust Bank'],
    ['GT Bank', 'Guaranty Trust Bank'],
    ['gtco', 'Guaranty Trust Bank'],
    ['UBA', 'United Bank For Africa'],
    ['u.b.a', 'United Bank For Africa'],
    ['FCMB', 'First City Monument Bank'],
    ['FBN', 'First Bank of Nigeria'],
    ['firstbank', 'First Bank of Nigeria'],
    ['Diamond', 'Access Bank (Diamond)'],
    ['ibtc', 'Stanbic IBTC Bank'],
    ['alat', 'Wema Bank'],
    ['monie point', 'Moniepoint MFB'],
    ['Opay', 'OPay Digital Services (OPay)'],
    ['palm pay', 'PalmPay'],
    ['Skye', 'Polaris Bank'],
  ])('"%s" finds %s first', (typed, bank) => {
    expect(firstFor(typed)).toBe(bank);
  });

  it.each([
    ['Fidelty', 'Fidelity Bank'],
    ['Zenit', 'Zenith Bank'],
    ['Sterlin', 'Sterling Bank'],
    ['Guarantee', 'Guaranty Trust Bank'],
    ['Stanbick', 'Stanbic IBTC Bank'],
  ])('a slip of the thumb: "%s" finds %s', (typed, bank) => {
    expect(searchBanks(BANKS, typed).map((each) => each.name)).toContain(bank);
  });

  it('still finds by any part of the official name, and nothing for nonsense', () => {
    expect(firstFor('Monument')).toBe('First City Monument Bank');
    expect(firstFor('trust')).toBe('Guaranty Trust Bank');
    expect(searchBanks(BANKS, 'xqzv')).toEqual([]);
  });

  it('puts the banks of saved accounts first, the last saved at the top, then the list’s order', () => {
    const all = searchBanks(BANKS, '', ['Wema Bank', 'Kuda Bank']).map((bank) => bank.name);
    expect(all.slice(0, 3)).toEqual(['Wema Bank', 'Kuda Bank', 'Access Bank']);
    expect(all).toHaveLength(BANKS.length);
    // Among equal matches too: "bank" is in most names.
    expect(firstFor('bank', ['Zenith Bank'])).toBe('Zenith Bank');
  });

  it('never repeats a bank, and finds every bank by every start of its name', () => {
    for (const bank of BANKS) {
      for (let end = 1; end <= bank.name.length; end += 1) {
        const typed = bank.name.slice(0, end);
        const found = searchBanks(BANKS, typed);
        expect(found, typed).toContain(bank);
        expect(new Set(found.map((each) => each.id)).size, typed).toBe(found.length);
      }
    }
  });
});
