import { describe, expect, it } from 'vitest';
import { courierFromText, detectCourierCode, normalizeTrackingNo, trackingNoSchema } from './courier-detect';

describe('courier detection for shipping', () => {
  it.each([
    ['SF1000000000001', 'SF'],
    ['sf 1000 0000 00001', 'SF'],
    ['ZTO123456789', 'ZTO'],
    ['ZT1234567890', 'ZT'],
    ['STO0012345678', 'STO'],
    ['EMS123456789CN', 'EMS'],
    ['DBL88001234567', 'DBL'],
    ['DPK300012345678', 'DBL'],
    ['YT8800000000012', 'YT'],
    ['YD4300000000011', 'YD'],
    ['TT6600000000001', 'TT'],
    ['HT5500000000001', 'HTKY'],
    ['YZ9800000000001', 'YZPY'],
    ['773012345678901', 'STO'],
    ['9981234567890', 'YZPY'],
    ['1234567890123', 'EMS'],
  ])('%s → %s (three characters first, then two)', (number, code) => {
    expect(detectCourierCode(number)).toBe(code);
  });

  it.each(['JD0012345678', '5512345678', 'SF12', '', 'SF-1234-5678'])('%s → none', (number) => {
    expect(detectCourierCode(number)).toBeNull();
  });

  it('accepts 8–30 letters and digits, normalised, with a Chinese message otherwise', () => {
    expect(trackingNoSchema.parse(' sf1000 000000001 ')).toBe('SF1000000000001');
    expect(normalizeTrackingNo('yt 88')).toBe('YT88');
    for (const bad of ['SF12345', 'A'.repeat(31), 'SF-100000000', '顺丰1234567890']) {
      const r = trackingNoSchema.safeParse(bad);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe('运单号应为 8–30 位字母或数字');
    }
    expect(trackingNoSchema.safeParse('').error?.issues[0]?.message).toBe('请填写运单号');
  });

  it('reads couriers from spreadsheet cells by code or Chinese name', () => {
    expect(courierFromText('顺丰速运')).toBe('SF');
    expect(courierFromText('顺丰')).toBe('SF');
    expect(courierFromText('sf')).toBe('SF');
    expect(courierFromText('中通快递')).toBe('ZTO');
    expect(courierFromText('中通快运')).toBe('ZT');
    expect(courierFromText('圆通')).toBe('YT');
    expect(courierFromText('邮政')).toBe('YZPY');
    expect(courierFromText('京东')).toBeNull();
    expect(courierFromText('')).toBeNull();
  });
});
