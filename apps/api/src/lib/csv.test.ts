import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('writes rows with CRLF and quotes only what needs it', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['Lagos, Ikeja', 'say "hi"'],
        ['two\nlines', ''],
      ]),
    ).toBe('a,b\r\n"Lagos, Ikeja","say ""hi"""\r\n"two\nlines",\r\n');
  });

  it('defuses cells a spreadsheet would run as a formula', () => {
    expect(toCsv([['=HYPERLINK("http://x")', '+1+2', '-2+3', '@SUM(A1)', '\tx']])).toBe(
      `"'=HYPERLINK(""http://x"")",'+1+2,'-2+3,'@SUM(A1),'\tx\r\n`,
    );
  });

  it('leaves plain numbers, negative ones included, as numbers', () => {
    expect(toCsv([['-150.00', '0.50', '12']])).toBe('-150.00,0.50,12\r\n');
  });
});
