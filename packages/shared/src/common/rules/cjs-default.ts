/**
 * validator's per-function modules are CommonJS with `exports.default`; Node's ESM loader hands back the whole
 * `module.exports` object while bundlers hand back the function, so unwrap whichever arrives.
 */
export function cjsDefault<T extends (...args: never[]) => unknown>(mod: T | { default: T }): T {
  return typeof mod === 'function' ? mod : mod.default;
}
