import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isOwnAccountName, isTitle, MAX_EXTRA_WORDS, nameWords } from './account-name-match';

const person = (firstName: string, lastName: string) => ({ firstName, lastName });

/** Names as Nigerian banks answer them, against the names the BVN was verified with. */
const OWN: [string, ReturnType<typeof person>][] = [
  ['ADEYEMI, OLUWASEUN TAIWO', person('Oluwaseun', 'Adeyemi')],
  ['OKAFOR CHIAMAKA J.', person('Chiamaka', 'Okafor')],
  ['MUHAMMAD SANI ABUBAKAR', person('Muhammad', 'Abubakar')],
  ['Mr Emeka Nwosu', person('Emeka', 'Nwosu')],
  ['ADEYEMI OLUWASEUN-TAIWO', person('Oluwaseun', 'Adeyemi')],
  ['ALHAJI IBRAHIM DANJUMA BELLO', person('Ibrahim', 'Bello')],
  ['MRS NGOZI ADAEZE EZE-OKONKWO', person('Ngozi', 'Eze-Okonkwo')],
  ['EZE OKONKWO NGOZI', person('Ngozi', 'Eze-Okonkwo')],
  ['OGUNLEYE  FUNMILAYO  B', person('Funmilayo', 'Ogunleye')],
  ["O'BRIEN-ADEBAYO TUNDE", person('Tunde', "O'Brien Adebayo")],
  ['CHUKWU IFEANYI C.', person('Ifeanyi Chukwudi', 'Chukwu')],
  ['CHUKWU IFEANYI', person('Ifeanyi Chukwudi', 'Chukwu')],
  ['DR. (MRS) YETUNDE AFOLABI', person('Yetunde', 'Afolabi')],
  ['PRINCE OKAFOR', person('Prince', 'Okafor')],
  ['Nwosu Émeka', person('Emeka', 'Nwosu')],
  ['UMAR ZAINAB HALIMA ABIKE', person('Zainab', 'Umar')],
];

const NOT_OWN: [string, ReturnType<typeof person>, string][] = [
  ['IBEKWE CHUKWUDI ANTHONY', person('Oluwaseun', 'Adeyemi'), 'someone else'],
  ['ADEYEMI BOLA', person('Oluwaseun', 'Adeyemi'), 'same family, another person'],
  ['OLUWASEUN BALOGUN', person('Oluwaseun', 'Adeyemi'), 'same first name, another family'],
  ['ADEYEMI O.', person('Oluwaseun', 'Adeyemi'), 'the first name only as an initial'],
  ['A. OLUWASEUN', person('Oluwaseun', 'Adeyemi'), 'the last name only as an initial'],
  ['ADEYEMI OLUWASEUNTAIWO', person('Oluwaseun', 'Adeyemi'), 'a name inside another word'],
  ['OKAFOR CHIAMAKA & OBI AMAKA', person('Chiamaka', 'Okafor'), 'a joint account'],
  ['OKAFOR CHIAMAKA AND OBI', person('Chiamaka', 'Okafor'), 'a joint account, in words'],
  [
    'ADEYEMI OLUWASEUN GLOBAL VENTURES NIG LTD',
    person('Oluwaseun', 'Adeyemi'),
    'a business account',
  ],
  ['EZE NGOZI', person('Ngozi', 'Eze-Okonkwo'), 'part of a double last name'],
  ['SANI SANI', person('Sani', 'Abubakar'), 'one word cannot be both names'],
  ['', person('Emeka', 'Nwosu'), 'no name at all'],
];

describe('isOwnAccountName: real shapes of bank names', () => {
  it.each(OWN)('"%s" is the account of %o', (accountName, names) => {
    expect(isOwnAccountName(accountName, names)).toBe(true);
  });

  it.each(NOT_OWN)('"%s" is not the account of %o (%s)', (accountName, names) => {
    expect(isOwnAccountName(accountName, names)).toBe(false);
  });
});

/** A name word: letters only, as the rule reads them. */
const word = fc.stringMatching(/^[a-z]{2,12}$/);
const person3 = fc
  .tuple(word, word, word)
  .filter(([first, middle, last]) => new Set([first, middle, last]).size === 3);
const shuffled = <T>(items: T[], seed: number) =>
  items
    .map((item, index) => ({ item, key: (index * 7919 + seed) % 104729 }))
    .sort((a, b) => a.key - b.key)
    .map(({ item }) => item);

describe('isOwnAccountName: properties', () => {
  it('order, case, punctuation and a title never change the answer', () => {
    fc.assert(
      fc.property(
        person3,
        fc.nat(),
        fc.constantFrom(' ', ', ', '-', '. ', '  '),
        fc.boolean(),
        fc.boolean(),
        ([first, middle, last], seed, gap, upper, title) => {
          const names = person(first, last);
          const words = shuffled([first, middle, last], seed);
          let written = words.join(gap);
          if (upper) written = written.toUpperCase();
          if (title) written = `Mr ${written}`;
          expect(isOwnAccountName(written, names)).toBe(true);
        },
      ),
    );
  });

  it('without the first or the last name in full it is never the seller’s, whatever else is there', () => {
    fc.assert(
      fc.property(person3, fc.nat(), fc.boolean(), ([first, middle, last], seed, dropFirst) => {
        const kept = dropFirst ? last : first;
        const initial = (dropFirst ? first : last).charAt(0);
        const written = shuffled([kept, middle, initial], seed).join(' ');
        expect(isOwnAccountName(written, person(first, last))).toBe(false);
      }),
    );
  });

  it('middle names and initials are tolerated up to MAX_EXTRA_WORDS, then it is a business', () => {
    fc.assert(
      fc.property(
        person3,
        fc.array(
          fc.oneof(word, fc.stringMatching(/^[a-z]$/)).filter((extra) => !isTitle(extra)),
          { maxLength: 6 },
        ),
        ([first, , last], extras) => {
          const written = [last, first, ...extras].join(' ');
          expect(isOwnAccountName(written, person(first, last))).toBe(
            extras.length <= MAX_EXTRA_WORDS,
          );
        },
      ),
    );
  });

  it('reading words is idempotent: a name written from its words reads the same', () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        const words = nameWords(name);
        expect(nameWords(words.join(' '))).toEqual(words);
      }),
    );
  });
});
