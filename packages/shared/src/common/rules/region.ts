export interface RegionParts {
  province: string;
  city: string;
  district: string;
  /** Whatever follows the district (street, building …), trimmed, inner whitespace collapsed to one space. */
  rest: string;
}

/** Province-level cities and the special administrative regions: province and city are the same name. */
const PROVINCE_LEVEL_CITY = /^(?:(北京|天津|上海|重庆)(?:市)?|(香港|澳门)(?:特别行政区)?)/u;

// A name is a run of Chinese characters that may not run through a suffix of its own level or a lower one, so a
// level missing from the text cannot swallow the next (广东省南山区 has no city: 南山区 stays for the district).
const PROVINCE = /^(?:(?!省|市|区|县)[\u4e00-\u9fff]){2,7}?(?:省|自治区)/u;
const CITY = /^(?:(?!省|市|区|县|自治州|地区|盟)[\u4e00-\u9fff]){1,12}?(?:市|自治州|地区|盟)/u;
const DISTRICT = /^(?:(?!省|区|县|旗)[\u4e00-\u9fff]){1,12}?(?:区|县|市|旗)/u;

const wholeMatch = (re: RegExp, word: string) => re.exec(word)?.[0].length === word.length;

/** A word of Chinese characters only, carrying none of the suffixes: a bare name such as 广东 in "广东 深圳 南山 …". */
const isBareName = (word: string) =>
  /^[\u4e00-\u9fff]{2,8}$/u.test(word) &&
  ![PROVINCE_LEVEL_CITY, PROVINCE, CITY, DISTRICT].some((re) => wholeMatch(re, word));

/**
 * Splits a Chinese address into province, city and district by suffix (省/自治区/特别行政区 or a municipality;
 * 市/自治州/地区/盟; 区/县/市/旗) or by spaces. Municipalities and the special administrative regions fill both
 * province and city (北京市朝阳区 → 北京市 / 北京市 / 朝阳区). When the first word of a spaced address is exactly the
 * province ("广东 深圳 南山 科技园路1号", "广东省 深圳 南山 …") the following words are read in order as city and
 * district, each only when another word follows it (the last word is the street address). A missing part is ''.
 */
export function splitRegion(text: unknown): RegionParts {
  const parts: RegionParts = { province: '', city: '', district: '', rest: '' };
  if (typeof text !== 'string') return parts;
  let rest = text.trim().replace(/\s+/g, ' ');

  /** Consumes a match at the start; reports whether it ended a word (followed by a space or the end). */
  const take = (re: RegExp): { value: string; endsWord: boolean } | null => {
    const m = re.exec(rest);
    if (!m) return null;
    const after = rest.slice(m[0].length);
    rest = after.trimStart();
    return { value: m[0], endsWord: after === '' || after.startsWith(' ') };
  };
  const takeBareWord = (): string | null => {
    const space = rest.indexOf(' ');
    if (space < 0 || !isBareName(rest.slice(0, space))) return null;
    const word = rest.slice(0, space);
    rest = rest.slice(space + 1);
    return word;
  };

  let byWords = false;
  const provinceLevelCity = PROVINCE_LEVEL_CITY.exec(rest);
  if (provinceLevelCity) {
    const [, municipality, specialRegion] = provinceLevelCity;
    const full = municipality ? `${municipality}市` : `${specialRegion}特别行政区`;
    byWords = take(PROVINCE_LEVEL_CITY)!.endsWord;
    parts.province = full;
    parts.city = full;
    // The city written again (北京市北京市朝阳区, 北京 北京 朝阳 …), but not a street such as 上海市上海路.
    const again = PROVINCE_LEVEL_CITY.exec(rest);
    if (again && (again[1] ?? again[2]) === (municipality ?? specialRegion)) {
      const after = rest.slice(again[0].length);
      if (again[0] === full || after === '' || after.startsWith(' ')) rest = after.trimStart();
    }
  } else {
    const province = take(PROVINCE);
    if (province) {
      parts.province = province.value;
      byWords = province.endsWord;
    } else {
      const bare = takeBareWord();
      if (bare) {
        parts.province = bare;
        byWords = true;
      }
    }
    parts.city = take(CITY)?.value ?? (byWords ? takeBareWord() : null) ?? '';
  }
  parts.district = take(DISTRICT)?.value ?? (byWords ? takeBareWord() : null) ?? '';
  parts.rest = rest.trim();
  return parts;
}
