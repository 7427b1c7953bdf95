const SHANGHAI_OFFSET_MS = 8 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

/** Midnight of the current day in Asia/Shanghai (no DST there), as an instant: where a daily quota starts over. */
export const startOfShanghaiDay = (now: Date): Date => {
  const local = now.getTime() + SHANGHAI_OFFSET_MS;
  return new Date(local - (local % DAY_MS) - SHANGHAI_OFFSET_MS);
};
