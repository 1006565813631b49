import { describe, expect, it } from 'vitest';
import { cardAmountToCents, cardValueKobo } from '../money';
import { AddTradeFieldsSchema, TRADE_MESSAGES } from './trades';

const fields = (amount: unknown) => ({ subcategory_id: 'sub', amount });
const amountOf = (amount: unknown) => AddTradeFieldsSchema.safeParse(fields(amount));

describe('card amounts with cents (decision 043: "50.50" became 5050)', () => {
  it('keeps 50.50 as fifty dollars fifty, never 5050', () => {
    for (const typed of ['50.50', '50.5', 50.5, ' 50.50 ']) {
      const parsed = amountOf(typed);
      expect(parsed.success, String(typed)).toBe(true);
      expect(parsed.data?.amount).toBe(50.5);
    }
    expect(amountOf('100').data?.amount).toBe(100);
    expect(amountOf('0.01').data?.amount).toBe(0.01);
  });

  it('refuses a third decimal, a comma and non-numbers with a clear message', () => {
    const messageOf = (amount: unknown) => amountOf(amount).error?.issues[0]?.message;
    expect(messageOf('50.505')).toBe(TRADE_MESSAGES.AMOUNT_DECIMALS);
    expect(messageOf(50.505)).toBe(TRADE_MESSAGES.AMOUNT_DECIMALS);
    // "50,50" is not a number to us: refused, never read as 5050.
    expect(amountOf('50,50').success).toBe(false);
    expect(messageOf('')).toBe(TRADE_MESSAGES.AMOUNT_REQUIRED);
    expect(messageOf('0')).toBe(TRADE_MESSAGES.AMOUNT_REQUIRED);
    expect(messageOf('1000000.01')).toBe(TRADE_MESSAGES.AMOUNT_TOO_LARGE);
  });

  it('works the value out in integers: rate kobo × cents / 100, a half kobo up', () => {
    expect(cardAmountToCents('50.50')).toBe(5050n);
    expect(cardAmountToCents(50.5)).toBe(5050n);
    expect(cardAmountToCents(100)).toBe(10000n);
    // ₦1,180.00 × $50.50 = ₦59,590.00 exactly.
    expect(cardValueKobo(118_000n, '50.50')).toBe(5_959_000n);
    // ₦1,180.55 × $50.51 = 5,962,958.05 kobo → 5,962,958 (nearest kobo).
    expect(cardValueKobo(118_055n, '50.51')).toBe(5_962_958n);
    // ₦0.01 × $0.50 = half a kobo → 1 kobo (the seller's way).
    expect(cardValueKobo(1n, '0.50')).toBe(1n);
    expect(cardValueKobo(1n, '0.49')).toBe(0n);
    expect(() => cardAmountToCents('50.505')).toThrow(RangeError);
  });
});
