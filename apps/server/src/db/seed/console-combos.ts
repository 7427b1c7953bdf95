import type { ConsoleSeedContext } from './console-context';

/** Combos (quote_set) over the demo pharmacies' quotes. */
export async function seedConsoleCombos(_ctx: ConsoleSeedContext): Promise<void> {}
