import fc from 'fast-check';
import validatorIsIdentityCard from 'validator/lib/isIdentityCard';
import { describe, expect, it } from 'vitest';
import { cjsDefault } from './cjs-default';
import {
  ageFromIdNumber,
  ageFromTimestamp,
  birthDateFromIdNumber,
  genderFromIdNumber,
  genderLabels,
  idNumberCheckChar,
  isValidIdNumber,
} from './id-number';

const validatorZh = (s: string) => cjsDefault(validatorIsIdentityCard)(s, 'zh-CN');

// The national standard's own example (GB 11643-1999 annex): 11010519491231002X, a woman born 31 Dec 1949.
const STANDARD_EXAMPLE = '11010519491231002X';
const MALE = '110101199003074514';

const provinces = ['11', '12', '13', '31', '32', '33', '44', '45', '50', '51', '65', '81', '82'];
const pad = (n: number, w: number) => String(n).padStart(w, '0');

/** Valid ID numbers: a real province code, any area, a birth date 1900–2020, any sequence, the right check char. */
const validId = fc
  .record({
    province: fc.constantFrom(...provinces),
    area: fc.integer({ min: 0, max: 9999 }),
    birth: fc.date({ min: new Date(1900, 0, 1), max: new Date(2020, 11, 31), noInvalidDate: true }),
    seq: fc.integer({ min: 0, max: 999 }),
  })
  .map(({ province, area, birth, seq }) => {
    const first17 = `${province}${pad(area, 4)}${birth.getFullYear()}${pad(birth.getMonth() + 1, 2)}${pad(birth.getDate(), 2)}${pad(seq, 3)}`;
    return first17 + idNumberCheckChar(first17);
  });

describe('ID number check', () => {
  it('accepts the standard example and computes its check character', () => {
    expect(idNumberCheckChar('11010519491231002')).toBe('X');
    expect(isValidIdNumber(STANDARD_EXAMPLE)).toBe(true);
    expect(isValidIdNumber(STANDARD_EXAMPLE.toLowerCase())).toBe(true);
    expect(isValidIdNumber(MALE)).toBe(true);
  });

  it('refuses wrong length, characters, checksum, impossible and future birth dates', () => {
    const invalid = [
      '',
      '11010519491231002',
      '11010519491231002XX',
      '1101051949123100X2',
      '110105194912310021',
      '110101199002300011', // 30 February
      '110101199013014516', // month 13
      `110101${new Date().getFullYear() + 1}0101001`,
      '110101 19900307451',
      '110101900307451', // a valid-looking 15-digit number: the console takes 18 characters only
    ];
    for (const id of invalid) expect(isValidIdNumber(id), id).toBe(false);
    expect(validatorZh('110101900307451')).toBe(true);
    expect(isValidIdNumber(Number(MALE))).toBe(false);
    expect(isValidIdNumber(null)).toBe(false);
  });

  it('accepts every generated valid number, as validator does', () => {
    fc.assert(
      fc.property(validId, (id) => {
        expect(isValidIdNumber(id)).toBe(true);
        expect(validatorZh(id)).toBe(true);
      }),
    );
  });

  it('fails the checksum after any single-character change, as validator does', () => {
    const change = fc.record({
      id: validId,
      position: fc.integer({ min: 0, max: 17 }),
      by: fc.integer({ min: 1, max: 10 }),
    });
    fc.assert(
      fc.property(change, ({ id, position, by }) => {
        const chars = '0123456789X';
        const alphabet = position === 17 ? chars : chars.slice(0, 10);
        const current = alphabet.indexOf(id[position]);
        const replacement = alphabet[(current + (by % alphabet.length || 1)) % alphabet.length];
        const changed = id.slice(0, position) + replacement + id.slice(position + 1);
        expect(changed).not.toBe(id);
        expect(idNumberCheckChar(changed.slice(0, 17)) === changed[17]).toBe(false);
        expect(isValidIdNumber(changed)).toBe(false);
        expect(validatorZh(changed)).toBe(false);
      }),
    );
  });

  it('never accepts an 18-character number validator refuses', () => {
    const eighteen = fc.oneof(
      validId,
      fc.array(fc.constantFrom(...'0123456789X'), { minLength: 18, maxLength: 18 }).map((c) => c.join('')),
    );
    fc.assert(
      fc.property(eighteen, (id) => {
        if (isValidIdNumber(id)) expect(validatorZh(id)).toBe(true);
      }),
    );
  });
});

describe('gender from the ID number', () => {
  it('reads the 17th digit: odd is male, even is female', () => {
    expect(genderFromIdNumber(MALE)).toBe('male');
    expect(genderFromIdNumber(STANDARD_EXAMPLE)).toBe('female');
    expect(genderLabels[genderFromIdNumber(MALE)]).toBe('男');
    expect(genderLabels[genderFromIdNumber(STANDARD_EXAMPLE)]).toBe('女');
  });

  it('follows the parity of the 17th digit for every valid number', () => {
    fc.assert(
      fc.property(validId, (id) => {
        expect(genderFromIdNumber(id)).toBe(Number(id[16]) % 2 === 1 ? 'male' : 'female');
      }),
    );
  });

  it('throws 身份证号格式不正确 for an invalid number', () => {
    for (const id of ['', '123', '110101199003074515', undefined]) {
      expect(() => genderFromIdNumber(id)).toThrowError('身份证号格式不正确');
    }
  });
});

describe('age', () => {
  it('counts full years from the ID number birth date', () => {
    expect(birthDateFromIdNumber(MALE)).toBe('1990-03-07');
    expect(ageFromIdNumber(MALE, new Date(2024, 2, 6))).toBe(33);
    expect(ageFromIdNumber(MALE, new Date(2024, 2, 7))).toBe(34);
    expect(ageFromIdNumber(STANDARD_EXAMPLE, new Date(2025, 0, 1))).toBe(75);
    expect(() => ageFromIdNumber('110101199003074515')).toThrowError('身份证号格式不正确');
  });

  it('counts full years from a timestamp', () => {
    const birth = new Date(2000, 5, 15, 12).getTime();
    expect(ageFromTimestamp(birth, new Date(2020, 5, 14, 23, 59))).toBe(19);
    expect(ageFromTimestamp(birth, new Date(2020, 5, 15, 0, 0))).toBe(20);
    expect(ageFromTimestamp(new Date(2000, 5, 15), new Date(2000, 5, 15))).toBe(0);
    expect(ageFromTimestamp(birth, new Date(1999, 0, 1))).toBe(0);
  });

  it('takes a 29 February birthday as reached on 1 March in other years', () => {
    const leapling = new Date(2004, 1, 29).getTime();
    expect(ageFromTimestamp(leapling, new Date(2005, 1, 28))).toBe(0);
    expect(ageFromTimestamp(leapling, new Date(2005, 2, 1))).toBe(1);
    expect(ageFromTimestamp(leapling, new Date(2008, 1, 29))).toBe(4);
  });

  it('refuses a timestamp that is not a number', () => {
    expect(() => ageFromTimestamp(Number.NaN)).toThrowError('时间戳不正确');
    expect(() => ageFromTimestamp(Number.POSITIVE_INFINITY)).toThrowError('时间戳不正确');
    expect(() => ageFromTimestamp(new Date('nope'))).toThrowError('时间戳不正确');
  });

  it('agrees between the ID number and the timestamp of its birth date, and grows by one each birthday', () => {
    fc.assert(
      fc.property(validId, fc.integer({ min: 0, max: 80 }), (id, years) => {
        const [y, m, d] = birthDateFromIdNumber(id).split('-').map(Number);
        const birth = new Date(y, m - 1, d);
        const dayBefore = new Date(y + years + 1, m - 1, d - 1);
        const birthday = new Date(y + years + 1, m - 1, d);
        expect(ageFromIdNumber(id, dayBefore)).toBe(ageFromTimestamp(birth.getTime(), dayBefore));
        // A local day that does not exist (Kiritimati skipped 1994-12-31) cannot serve as "the day before".
        const dayBeforeExists = dayBefore.getDate() === new Date(Date.UTC(y + years + 1, m - 1, d - 1)).getUTCDate();
        if (!(m === 2 && d === 29) && dayBeforeExists) {
          expect(ageFromIdNumber(id, dayBefore)).toBe(years);
          expect(ageFromIdNumber(id, birthday)).toBe(years + 1);
        }
      }),
    );
  });
});
