/**
 * Number formats of the qualification documents a pharmacy files (资质证照). Only the formats that are fixed by
 * national rules are checked strictly; the others are free text with a length limit.
 */

/** The 31 characters of a unified social credit code (GB 32100-2015): digits and capitals without I, O, S, V, Z. */
const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const USCC_PATTERN = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

/**
 * A unified social credit code (统一社会信用代码, the number on a business licence): 18 characters whose last one is
 * the check character of GB 32100-2015 over the first 17. Upper case only.
 */
export function isUnifiedSocialCreditCode(value: unknown): value is string {
  if (typeof value !== 'string' || !USCC_PATTERN.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += USCC_CHARS.indexOf(value[i]) * USCC_WEIGHTS[i];
  return USCC_CHARS[(31 - (sum % 31)) % 31] === value[17];
}

/**
 * A drug trade licence number (药品经营许可证编号) as issued since 2019: the province's one-character abbreviation, two
 * capital letters of the licence class and seven digits, e.g. 沪CB0213867.
 */
export const DRUG_TRADE_LICENCE_PATTERN = /^[\u4e00-\u9fa5][A-Z]{2}\d{7}$/;

/**
 * An internet drug information service certificate number (互联网药品信息服务资格证书编号), e.g. (沪)-经营性-2023-0087;
 * full-width brackets are accepted too.
 */
export const INTERNET_DRUG_INFO_PATTERN = /^[(（][\u4e00-\u9fa5][)）]-(经营性|非经营性)-\d{4}-\d{4}$/;
