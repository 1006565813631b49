import { describe, expect, it } from 'vitest';
import { getLagosDate, getLatestAdultBirthDate, isAdult, isCalendarDate } from './dates';

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
