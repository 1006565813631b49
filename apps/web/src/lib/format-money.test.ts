import { describe, expect, it } from 'vitest';
import { currencySymbol, formatCardAmount, formatKobo, formatNaira, toKobo } from './format-money';

describe('format-money', () => {
  it('shows kobo as naira with thousands separators and 2 decimals', () => {
    expect(formatKobo(118_000_000)).toBe('₦1,180,000.00');
    expect(formatKobo(5)).toBe('₦0.05');
    expect(formatKobo(0)).toBe('₦0.00');
    expect(formatKobo(-123_456)).toBe('-₦1,234.56');
  });

  it('rounds naira to whole kobo without float error', () => {
    expect(toKobo(0.1 + 0.2)).toBe(30);
    expect(toKobo(1180.005)).toBe(118_001);
    expect(formatNaira(1234.5)).toBe('₦1,234.50');
  });

  it('shows card amounts and symbols in the card currency', () => {
    expect(formatCardAmount(100, 'USD')).toBe('$100');
    expect(formatCardAmount(2500, 'GBP')).toBe('£2,500');
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencySymbol('XYZ1')).toBe('XYZ1');
  });
});
