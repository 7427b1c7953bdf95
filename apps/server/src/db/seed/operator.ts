import { eq } from 'drizzle-orm';
import { hashPassword } from '../../lib/crypto';
import type { Database } from '../client';
import { account, adminProfile } from '../schema/index';

/**
 * Makes the account with this phone an operator holding `all`, creating the account when needed.
 * The password is (re)set, so the command doubles as a recovery path for a locked-out operator.
 */
export async function createOperator(db: Database, input: { phone: string; password: string; name?: string }) {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: account.id }).from(account).where(eq(account.phone, input.phone)).limit(1);
    let accountId: number;
    let created = false;
    if (existing) {
      accountId = existing.id;
      await tx
        .update(account)
        .set({ passwordHash, status: 'active', ...(input.name ? { name: input.name } : {}) })
        .where(eq(account.id, accountId));
    } else {
      const [row] = await tx
        .insert(account)
        .values({ phone: input.phone, phoneUserId: `pu_${input.phone}`, name: input.name ?? '平台运营', passwordHash })
        .returning({ id: account.id });
      accountId = row.id;
      created = true;
    }
    await tx
      .insert(adminProfile)
      .values({ accountId, adminPermissions: ['all'] })
      .onConflictDoUpdate({ target: adminProfile.accountId, set: { adminPermissions: ['all'], status: 'active' } });
    return { accountId, created };
  });
}
