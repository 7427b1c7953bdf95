import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COURIER_PREFIX_LENGTHS } from '../constants';
import {
  courierCodeList,
  courierCodes,
  courierNames,
  courierPrefixes,
  detectCourier,
  TRACKING_NO_MIN_LENGTH,
} from './courier';

describe('courier detection', () => {
  it.each([
    ['SF1234567890123', 'SF', '顺丰速运'],
    ['sf1234567890123', 'SF', '顺丰速运'],
    [' YT1234567890123 ', 'YT', '圆通速递'],
    ['YD4312345678901', 'YD', '韵达快递'],
    ['ZTO123456789012', 'ZTO', '中通快递'],
    ['ZT1234567890', 'ZT', '中通快运'],
    ['STO123456789', 'STO', '申通快递'],
    ['773056789012345', 'STO', '申通快递'],
    ['EMS1234567890', 'EMS', '中国邮政EMS'],
    ['1234567890123', 'EMS', '中国邮政EMS'],
    ['9912345678901', 'YZPY', '邮政快递包裹'],
    ['YZ1234567890', 'YZPY', '邮政快递包裹'],
    ['DPK200012345678', 'DBL', '德邦快递'],
    ['DBL1234567', 'DBL', '德邦快递'],
    ['HT1234567890', 'HTKY', '百世快递'],
    ['TT6612345678', 'TT', '天天快递'],
  ])('reads %s as %s', (trackingNo, code, name) => {
    expect(detectCourier(trackingNo)).toEqual({ code, name });
  });

  it('tries three characters before two', () => {
    expect(COURIER_PREFIX_LENGTHS).toEqual([3, 2]);
    expect(detectCourier('ZTO999')?.code).toBe('ZTO');
    expect(detectCourier('ZTX999')?.code).toBe('ZT');
  });

  it('answers null for unknown prefixes, bare prefixes and text that is not a tracking number', () => {
    for (const value of [
      'JD0012345678',
      '4312345678901',
      'SF',
      'ZTO',
      'SF123',
      '',
      'SF 123456',
      'SF-123456',
      '顺丰123',
      null,
      42,
    ]) {
      expect(detectCourier(value)).toBeNull();
    }
  });

  it('maps every prefix to a known code and gives every code a name', () => {
    for (const [prefix, code] of Object.entries(courierPrefixes)) {
      expect(COURIER_PREFIX_LENGTHS as readonly number[]).toContain(prefix.length);
      expect(courierCodeList).toContain(code);
    }
    expect(courierCodes.map((c) => c.code)).toEqual([...courierCodeList]);
    expect(courierCodeList).toEqual(['HTKY', 'YZPY', 'DBL', 'ZTO', 'STO', 'SF', 'YT', 'YD', 'EMS', 'TT', 'ZT']);
    for (const { code, name } of courierCodes) expect(name).toBe(courierNames[code]);
    expect(new Set(courierCodes.map((c) => c.name)).size).toBe(courierCodes.length);
  });

  it('recognises every spec code through at least one prefix', () => {
    expect(new Set(Object.values(courierPrefixes))).toEqual(new Set(courierCodeList));
  });

  it('decides by the longest table prefix the number starts with', () => {
    const prefix = fc.constantFrom(...Object.keys(courierPrefixes));
    const tail = fc.string({
      unit: fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'),
      minLength: 1,
      maxLength: 20,
    });
    fc.assert(
      fc.property(prefix, tail, (p, t) => {
        const number = p + t;
        const byThree = Object.hasOwn(courierPrefixes, number.slice(0, 3))
          ? courierPrefixes[number.slice(0, 3)]
          : undefined;
        const expected =
          number.length < TRACKING_NO_MIN_LENGTH ? undefined : (byThree ?? courierPrefixes[number.slice(0, 2)]);
        expect(detectCourier(number)?.code).toBe(expected);
        expect(detectCourier(number.toLowerCase())?.code).toBe(expected);
      }),
    );
  });

  it('never throws and answers a listed courier or null for any input', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.constantFrom('__proto__1', 'constructor', 'toString1')), (value) => {
        const courier = detectCourier(value);
        if (courier) expect(courierCodes).toContainEqual(courier);
      }),
    );
    expect(detectCourier('__proto__')).toBeNull();
  });
});
