import type { ConsoleSeedContext } from './console-context';

/** Members (viper) with family members, histories and addresses. */
export async function seedConsoleMembers(_ctx: ConsoleSeedContext): Promise<void> {}
