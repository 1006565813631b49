import { describe, expect, it } from 'vitest';
import { csvNumber, readCsvText, toCsv } from './csv';

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

  it('writes a text cell a spreadsheet would run after an apostrophe, quoted', () => {
    expect(
      toCsv([['=HYPERLINK("http://x")', '+1+2', '-2+3', '@SUM(A1)', '\tx', '\rx', '-1500.00']]),
    ).toBe(`"'=HYPERLINK(""http://x"")","'+1+2","'-2+3","'@SUM(A1)","'\tx","'\rx","'-1500.00"\r\n`);
  });

  it('writes number cells bare, negative ones included, so a spreadsheet reads numbers', () => {
    expect(toCsv([[csvNumber('-1500.00'), csvNumber(0.5), csvNumber(12), csvNumber(-3n)]])).toBe(
      '-1500.00,0.5,12,-3\r\n',
    );
  });

  it('refuses anything but digits as a number cell', () => {
    for (const value of ['=1+1', '-1+2', '1e5', '', ' 1', Number.NaN, 1e21]) {
      expect(() => csvNumber(value)).toThrow(RangeError);
    }
  });
});

describe('readCsvText', () => {
  it('takes off the apostrophe toCsv put before a formula character, and nothing else', () => {
    expect(readCsvText("'=SUM(A1)")).toBe('=SUM(A1)');
    expect(readCsvText("'-2")).toBe('-2');
    expect(readCsvText("'Tis the season")).toBe("'Tis the season");
    expect(readCsvText('Amazon / USA')).toBe('Amazon / USA');
  });
});
