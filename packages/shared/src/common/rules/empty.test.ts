import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isEmpty } from './empty';

describe('isEmpty', () => {
  it("counts '', null, undefined, [] and {} as empty", () => {
    for (const value of ['', null, undefined, [], {}, Object.create(null)]) expect(isEmpty(value)).toBe(true);
  });

  it('counts 0, false, NaN, whitespace and filled or non-plain objects as values', () => {
    for (const value of [
      0,
      false,
      Number.NaN,
      ' ',
      '0',
      [undefined],
      [[]],
      { a: undefined },
      new Date(0),
      new Map(),
      () => 0,
    ]) {
      expect(isEmpty(value)).toBe(false);
    }
    expect(isEmpty({ [Symbol('k')]: 1 })).toBe(false);
  });

  it('is empty exactly when a string, array or plain object has nothing in it', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.array(fc.anything()), fc.dictionary(fc.string(), fc.anything())),
        (value) => {
          const size = typeof value === 'string' || Array.isArray(value) ? value.length : Object.keys(value).length;
          expect(isEmpty(value)).toBe(size === 0);
        },
      ),
    );
  });

  it('never counts a number or a boolean as empty', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.boolean(), fc.bigInt()), (value) => {
        expect(isEmpty(value)).toBe(false);
      }),
    );
  });
});
