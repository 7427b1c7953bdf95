const isPlainObject = (v: object) => {
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

/**
 * The spec's emptiness (§5): '', null, undefined, [] and {} are empty. 0, false, NaN, whitespace and non-plain objects
 * (Date, Map, class instances) are values, not emptiness.
 */
export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return isPlainObject(value) && Reflect.ownKeys(value).length === 0;
  return false;
}
