import { describe, expect, it } from 'vitest';
import { invalidRows, listChanges, setDraftRate, type RateDraft } from './rate-draft';

const entry = { id: 'a1', label: 'Amazon / USA', currency: 'USD', rate: 1000 };
const draftOf = (text: string) => setDraftRate(new Map(), entry, text);

describe('the rate draft', () => {
  it('drops a row typed back to its old rate, in any spelling', () => {
    const edited = draftOf('1100');
    expect(edited.size).toBe(1);
    expect(setDraftRate(edited, entry, '₦1,000.00').size).toBe(0);
  });

  it('gives each change its move in percent, down as well as up', () => {
    const [down] = listChanges(draftOf('950.5'));
    expect(down).toMatchObject({
      oldKobo: 100000n,
      newKobo: 95050n,
      percent: -5,
      isBigMove: false,
    });
    const [third] = listChanges(setDraftRate(new Map(), { ...entry, rate: 900 }, '1200'));
    expect(third?.percent).toBe(33.3);
  });

  it('marks a move above 10 % as big on the exact kobo, and exactly 10 % as not', () => {
    expect(listChanges(draftOf('1100'))[0]).toMatchObject({ percent: 10, isBigMove: false });
    expect(listChanges(draftOf('1100.01'))[0]).toMatchObject({ percent: 10, isBigMove: true });
    expect(listChanges(draftOf('899.99'))[0]).toMatchObject({ percent: -10, isBigMove: true });
  });

  it('marks a move above 20 % either way as waiting for a second approval, and exactly 20 % as not', () => {
    const waits = (text: string) => listChanges(draftOf(text))[0]?.waitsForSecondApproval;
    expect(waits('1200')).toBe(false);
    expect(waits('800')).toBe(false);
    expect(waits('1200.01')).toBe(true);
    expect(waits('799.99')).toBe(true);
    expect(listChanges(draftOf('790'))[0]).toMatchObject({ percent: -21, isBigMove: true });
  });

  it('keeps a row that is not a rate out of the changes and names it', () => {
    const draft: RateDraft = draftOf('12.345');
    expect(listChanges(draft)).toEqual([]);
    expect(invalidRows(draft).map((row) => row.text)).toEqual(['12.345']);
  });
});
