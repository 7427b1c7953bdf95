import { COURIER_PREFIX_LENGTHS } from '../constants';

/** The courier codes of spec §3, in the spec's order. */
export const courierCodeList = ['HTKY', 'YZPY', 'DBL', 'ZTO', 'STO', 'SF', 'YT', 'YD', 'EMS', 'TT', 'ZT'] as const;
export type CourierCode = (typeof courierCodeList)[number];

export const courierNames: Record<CourierCode, string> = {
  HTKY: '百世快递',
  YZPY: '邮政快递包裹',
  DBL: '德邦快递',
  ZTO: '中通快递',
  STO: '申通快递',
  SF: '顺丰速运',
  YT: '圆通速递',
  YD: '韵达快递',
  EMS: '中国邮政EMS',
  TT: '天天快递',
  ZT: '中通快运',
};

export interface Courier {
  code: CourierCode;
  name: string;
}

/** For select boxes: every courier code with its Chinese name. */
export const courierCodes: readonly Courier[] = /* @__PURE__ */ courierCodeList.map((code) => ({
  code,
  name: courierNames[code],
}));

/**
 * Tracking-number prefix → courier (docs/courier-detection.md gives the reasons). Three-character prefixes are tried
 * before two-character ones (spec §9), which is what keeps ZTO… from being read as ZT… and EMS… from nothing.
 *   3: ZTO → ZTO, STO → STO, EMS → EMS, DBL → DBL, DPK → DBL (Deppon's own DPK numbers)
 *   2: SF → SF, YT → YT, YD → YD, TT → TT, ZT → ZT, HT → HTKY (汇通, Best's former name), YZ → YZPY,
 *      77 → STO, 99 → YZPY, 12 → EMS (the spec's numeric prefixes; 12 is marked international, China Post's EMS)
 */
export const courierPrefixes: Readonly<Record<string, CourierCode>> = {
  ZTO: 'ZTO',
  STO: 'STO',
  EMS: 'EMS',
  DBL: 'DBL',
  DPK: 'DBL',
  SF: 'SF',
  YT: 'YT',
  YD: 'YD',
  TT: 'TT',
  ZT: 'ZT',
  HT: 'HTKY',
  YZ: 'YZPY',
  '77': 'STO',
  '99': 'YZPY',
  '12': 'EMS',
};

/** Shorter text is a prefix being typed, not a tracking number (real ones run 10–15 characters or more). */
export const TRACKING_NO_MIN_LENGTH = 6;

/**
 * The courier of a tracking number by its prefix: the number is trimmed and upper-cased and must be at least six
 * letters and digits; its first three characters are looked up, then its first two. Unknown → null.
 */
export function detectCourier(trackingNo: unknown): Courier | null {
  if (typeof trackingNo !== 'string') return null;
  const number = trackingNo.trim().toUpperCase();
  if (number.length < TRACKING_NO_MIN_LENGTH || !/^[A-Z0-9]+$/.test(number)) return null;
  for (const length of COURIER_PREFIX_LENGTHS) {
    const code = Object.hasOwn(courierPrefixes, number.slice(0, length))
      ? courierPrefixes[number.slice(0, length)]
      : undefined;
    if (code) return { code, name: courierNames[code] };
  }
  return null;
}
