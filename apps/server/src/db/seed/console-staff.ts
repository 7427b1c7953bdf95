import type { ConsoleSeedContext } from './console-context';

/** Staff of every role for the demo pharmacies, and the demo pharmacy_admin with only some keys (README). */
export async function seedConsoleStaff(_ctx: ConsoleSeedContext): Promise<void> {}
