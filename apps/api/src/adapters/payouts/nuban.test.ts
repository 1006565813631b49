import { describe, expect, it } from 'vitest';
import { isValidNuban, nubanCheckDigit } from './nuban';

describe('NUBAN check digits', () => {
  it('follows the CBN algorithm: 10 − (weighted sum mod 10), 0 for 10', () => {
    // GTBank (058), serial 015270436: 0·3+5·7+8·3+0·3+1·7+5·3+2·3+7·7+0·3+4·3+3·7+6·3 = 187 → 3.
    expect(nubanCheckDigit('058', '015270436')).toBe('3');
    expect(isValidNuban('058', '0152704363')).toBe(true);
    expect(isValidNuban('058', '0152704364')).toBe(false);
  });

  it('refuses anything that is not 3 + 10 digits', () => {
    expect(isValidNuban('58', '0152704363')).toBe(false);
    expect(isValidNuban('058', '015270436')).toBe(false);
    expect(isValidNuban('058', '01527043a3')).toBe(false);
  });

  it('gives every serial exactly one valid last digit', () => {
    const serial = '999912345';
    const valid = Array.from({ length: 10 }, (_, d) =>
      isValidNuban('033', `${serial}${String(d)}`),
    );
    expect(valid.filter(Boolean)).toHaveLength(1);
  });
});
