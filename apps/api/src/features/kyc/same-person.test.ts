import { describe, expect, it } from 'vitest';
import { compareWithHolder } from './same-person';

const holder = { firstName: 'Adaeze', lastName: 'Okonkwo', dateOfBirth: '1994-07-21' };
const record = (firstName: string, lastName: string, middleName: string | null = null) => ({
  firstName,
  middleName,
  lastName,
  dateOfBirth: holder.dateOfBirth,
});

describe('compareWithHolder: a NIN record against the BVN-verified holder', () => {
  it.each([
    ['the same names', record('Adaeze', 'Okonkwo')],
    ['the surname first, in capitals', record('OKONKWO', 'ADAEZE')],
    ['a middle name beside them', record('Adaeze', 'Okonkwo', 'Chinwe')],
    ['the surname as the middle name', record('Adaeze', 'Ngozi', 'Okonkwo')],
  ])('matches %s', (_case, nin) => {
    expect(compareWithHolder(holder, nin)).toEqual([]);
  });

  it('matches names written with or without their tone marks, and double-barrelled ones', () => {
    const yoruba = { firstName: 'Adebayo', lastName: 'Ogunlesi-Bakare', dateOfBirth: '1988-05-07' };
    expect(
      compareWithHolder(yoruba, {
        firstName: 'ADÉBÁYỌ̀',
        middleName: 'Oluwaseun',
        lastName: 'Ogunlesi Bakare',
        dateOfBirth: '1988-05-07',
      }),
    ).toEqual([]);
  });

  it.each([
    ['another person', record('Tunde', 'Bakare')],
    ['the first name only', record('Adaeze', 'Eze')],
    ['an initial for the first name', record('A.', 'Okonkwo')],
    ['a sibling (same surname)', record('Chiamaka', 'Okonkwo', 'Adaora')],
  ])('refuses %s', (_case, nin) => {
    expect(compareWithHolder(holder, nin)).toEqual(['name']);
  });

  it('refuses another date of birth, and says both when both differ', () => {
    expect(
      compareWithHolder(holder, { ...record('Adaeze', 'Okonkwo'), dateOfBirth: '1994-07-12' }),
    ).toEqual(['date_of_birth']);
    expect(
      compareWithHolder(holder, { ...record('Tunde', 'Bakare'), dateOfBirth: '1979-03-14' }),
    ).toEqual(['name', 'date_of_birth']);
  });
});
