import type { ConsoleSeedContext } from './console-context';

/** Settings, receiving accounts, qualifications (one licence expiring within 6 months) and couriers. */
export async function seedConsoleSettings(_ctx: ConsoleSeedContext): Promise<void> {}
