import { describe, expect, it } from 'vitest';
import {
  addMonths,
  formatMonthName,
  getLagosDate,
  getLagosMonth,
  getLatestAdultBirthDate,
  isAdult,
  isCalendarDate,
  isCalendarMonth,
} from './dates';

describe('getLagosDate', () => {
  it("is Lagos's calendar date, one hour ahead of UTC", () => {
    expect(getLagosDate(new Date('2026-11-21T10:00:00Z'))).toBe('2026-11-21');
    expect(getLagosDate(new Date('2026-11-21T22:59:59Z'))).toBe('2026-11-21');
    expect(getLagosDate(new Date('2026-11-21T23:00:00Z'))).toBe('2026-11-22');
    expect(getLagosDate(new Date('2026-11-21T23:30:00Z'))).toBe('2026-11-22');
    expect(getLagosDate(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });
});

describe('getLatestAdultBirthDate', () => {
  it('is exactly 18 years before today', () => {
    expect(getLatestAdultBirthDate(new Date('2026-11-21T10:00:00Z'))).toBe('2008-11-21');
  });

  it("counts from Lagos's today, not UTC's", () => {
    // 23:30 UTC on 21 November is already 22 November in Lagos.
    expect(getLatestAdultBirthDate(new Date('2026-11-21T23:30:00Z'))).toBe('2008-11-22');
    expect(isAdult('2008-11-22', new Date('2026-11-21T23:30:00Z'))).toBe(true);
    expect(isAdult('2008-11-22', new Date('2026-11-21T22:30:00Z'))).toBe(false);
  });

  it('handles 29 February on either side', () => {
    const feb28 = new Date('2026-02-28T12:00:00Z');
    const mar1 = new Date('2026-03-01T12:00:00Z');
    expect(getLatestAdultBirthDate(feb28)).toBe('2008-02-28');
    expect(getLatestAdultBirthDate(mar1)).toBe('2008-03-01');
    // Born on 29 February 2008: not yet 18 on 28 February 2026, 18 on 1 March 2026.
    expect(isAdult('2008-02-29', feb28)).toBe(false);
    expect(isAdult('2008-02-29', mar1)).toBe(true);
    // Today is 29 February: 18 years back there is no 29 February, so the 28th is the latest.
    expect(getLatestAdultBirthDate(new Date('2028-02-29T12:00:00Z'))).toBe('2010-02-28');
    // Late on 28 February UTC it is already 1 March in Lagos.
    expect(getLatestAdultBirthDate(new Date('2026-02-28T23:30:00Z'))).toBe('2008-03-01');
  });
});

describe('isAdult', () => {
  it('is true up to and including the latest adult birth date', () => {
    const now = new Date('2026-11-21T10:00:00Z');
    expect(isAdult('2008-11-21', now)).toBe(true);
    expect(isAdult('2008-11-22', now)).toBe(false);
    expect(isAdult('1950-01-01', now)).toBe(true);
  });
});

describe('isCalendarDate', () => {
  it.each(['2023-02-28', '2024-02-29', '2000-02-29', '1999-12-31', '2023-04-30'])(
    '%s is a date',
    (text) => {
      expect(isCalendarDate(text)).toBe(true);
    },
  );

  it.each([
    '2023-02-30',
    '2023-02-29',
    '1900-02-29',
    '2023-04-31',
    '2023-13-01',
    '2023-00-10',
    '2023-01-00',
    '2023-1-01',
    '23-01-01',
    '2023/01/01',
    '2023-01-01T00:00:00Z',
    '',
  ])('%j is not a date', (text) => {
    expect(isCalendarDate(text)).toBe(false);
  });
});

describe('months', () => {
  it('reads only yyyy-MM with a real month', () => {
    expect(isCalendarMonth('2026-11')).toBe(true);
    expect(isCalendarMonth('2026-01')).toBe(true);
    for (const text of ['2026-13', '2026-00', '2026-1', '2026-11-01', '26-11', ' 2026-11', '']) {
      expect(isCalendarMonth(text), text).toBe(false);
    }
  });

  it("is Lagos's month, one hour ahead of UTC", () => {
    expect(getLagosMonth(new Date('2026-11-30T22:59:59Z'))).toBe('2026-11');
    expect(getLagosMonth(new Date('2026-11-30T23:00:00Z'))).toBe('2026-12');
  });

  it('counts months across years', () => {
    expect(addMonths('2026-11', 1)).toBe('2026-12');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-11', -11)).toBe('2025-12');
  });

  it('names a month in words', () => {
    expect(formatMonthName('2026-11')).toBe('November 2026');
    expect(formatMonthName('2027-01')).toBe('January 2027');
  });
});
