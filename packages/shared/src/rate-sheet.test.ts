import { describe, expect, it } from 'vitest';
import { matchRateSheet, parseRateSheet, rateSheetCsv, rateSheetLabel } from './rate-sheet';
import type { RateSheetEntry } from './schemas/rate-sheet';

const entries = [
  { id: 'a1', label: 'Amazon / USA physical', currency: 'USD', rate: 1180 },
  { id: 's1', label: 'Steam, Inc / USA physical', currency: 'USD', rate: 1050.5 },
  { id: 'x1', label: 'Twin / UK', currency: 'GBP', rate: 1500 },
  { id: 'x2', label: 'Twin / UK', currency: 'GBP', rate: 1510 },
];

const keysAndKobo = (text: string) =>
  parseRateSheet(text).rates.map(({ key, rateKobo }) => [key, rateKobo]);

describe('parseRateSheet', () => {
  it('reads tab-separated rows as a spreadsheet copies them, header or not', () => {
    const pasted = 'Subcategory\tRate\nAmazon / USA physical\t1200\n';
    expect(keysAndKobo(pasted)).toEqual([['Amazon / USA physical', 120000n]]);
    expect(keysAndKobo('Amazon / USA physical\t1200')).toEqual([
      ['Amazon / USA physical', 120000n],
    ]);
    expect(keysAndKobo('Card name\tNew rate (NGN)\nAmazon / USA physical\t1200')).toHaveLength(1);
  });

  it('reads quotes, commas in names and "₦1,180.00"-style numbers', () => {
    const pasted = [
      '"Steam, Inc / USA physical","₦1,180.00"',
      'Steam, Inc / USA physical,1,180.50',
      '"Say ""hi"" / UK",NGN 990',
      'Amazon / USA physical\t₦201,180.5',
    ].join('\r\n');
    expect(keysAndKobo(pasted)).toEqual([
      ['Steam, Inc / USA physical', 118000n],
      ['Steam, Inc / USA physical', 118050n],
      ['Say "hi" / UK', 99000n],
      ['Amazon / USA physical', 20118050n],
    ]);
  });

  it('skips blank lines and lists the lines it cannot read with their numbers', () => {
    const { rates, problems } = parseRateSheet(
      '\nAmazon / USA physical,1200\n\n  \nAmazon / UK\nAmazon / EU,abc\n,1200\nAmazon / CA,0\nAmazon / AU,1.234\n',
    );
    expect(rates.map((r) => r.line)).toEqual([2]);
    expect(problems.map(({ line, reason }) => [line, reason])).toEqual([
      [5, 'No rate given.'],
      [6, '"abc" is not a rate (above ₦0, at most 2 decimals).'],
      [7, 'No subcategory named.'],
      [8, '"0" is not a rate (above ₦0, at most 2 decimals).'],
      [9, '"1.234" is not a rate (above ₦0, at most 2 decimals).'],
    ]);
  });
});

describe('matchRateSheet', () => {
  it('matches labels in any case and spacing, and ids', () => {
    const { rates } = parseRateSheet('amazon  /  usa PHYSICAL,1200\ns1,1100');
    const { draft, problems } = matchRateSheet(rates, entries);
    expect(problems).toEqual([]);
    expect([...draft]).toEqual([
      ['a1', 120000n],
      ['s1', 110000n],
    ]);
  });

  it('matches a label whatever its dashes: hyphen, en or em dash, minus, spaced or not', () => {
    const ranged: RateSheetEntry[] = [
      { id: 'r1', label: 'Apple / USA $100–$500', currency: 'USD', rate: 1100 },
    ];
    for (const typed of [
      'Apple / USA $100-$500',
      'apple / usa $100 - $500',
      'Apple / USA $100—$500',
      'Apple / USA $100 − $500',
      'Apple / USA $100 ‐ $500',
    ]) {
      const { rates } = parseRateSheet(`${typed}\t1150`);
      const { draft, problems } = matchRateSheet(rates, ranged);
      expect(problems, typed).toEqual([]);
      expect([...draft], typed).toEqual([['r1', 115000n]]);
    }
  });

  it('lists unknown names, shared labels and a subcategory set twice', () => {
    const { rates } = parseRateSheet(
      'Nope / USA,1200\nTwin / UK,1600\nAmazon / USA physical,1200\na1,1300',
    );
    const { draft, problems } = matchRateSheet(rates, entries);
    expect([...draft]).toEqual([['a1', 120000n]]);
    expect(problems).toEqual([
      {
        line: 1,
        text: 'Nope / USA,1200',
        reason: 'We could not find "Nope / USA". Name it as "Card / Subcategory" or by its id.',
      },
      {
        line: 2,
        text: 'Twin / UK,1600',
        reason: '"Twin / UK" names 2 subcategories; use the id instead.',
      },
      {
        line: 4,
        text: 'a1,1300',
        reason: 'Line 3 already sets this subcategory; this line was skipped.',
      },
    ]);
  });
});

describe('rateSheetCsv', () => {
  it('writes what parseRateSheet reads back to the same rates, quoting where needed', () => {
    const sheet = entries.slice(0, 2);
    const csv = rateSheetCsv(sheet);
    expect(csv).toBe(
      'subcategory,rate\r\nAmazon / USA physical,1180.00\r\n"Steam, Inc / USA physical",1050.50\r\n',
    );
    const { draft, problems } = matchRateSheet(parseRateSheet(csv).rates, sheet);
    expect(problems).toEqual([]);
    expect([...draft]).toEqual([
      ['a1', 118000n],
      ['s1', 105050n],
    ]);
  });

  it('writes a label a spreadsheet would run after an apostrophe, and reads it back without', () => {
    const sheet = [
      { id: 'f1', label: '=HYPERLINK("http://x.example") / USA', currency: 'USD', rate: 1180 },
      { id: 'f2', label: '-2+3 / UK', currency: 'GBP', rate: 1500 },
    ];
    const csv = rateSheetCsv(sheet);
    expect(csv).toBe(
      `subcategory,rate\r\n"'=HYPERLINK(""http://x.example"") / USA",1180.00\r\n"'-2+3 / UK",1500.00\r\n`,
    );
    const { rates, problems } = parseRateSheet(csv);
    expect(problems).toEqual([]);
    expect(rates.map((rate) => rate.key)).toEqual(sheet.map((entry) => entry.label));
    // As a spreadsheet that shows the apostrophe gives the cell back when copied, or hides it.
    expect(parseRateSheet("'@SUM(A1) / USA\t1180").rates[0]?.key).toBe('@SUM(A1) / USA');
    expect(parseRateSheet('@SUM(A1) / USA\t1180').rates[0]?.key).toBe('@SUM(A1) / USA');
  });

  it('labels a subcategory by its card', () => {
    expect(rateSheetLabel('Amazon', 'USA physical')).toBe('Amazon / USA physical');
  });
});
