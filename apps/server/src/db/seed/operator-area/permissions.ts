import { hashPassword } from '../../../lib/crypto';
import { account, adminProfile } from '../../schema/index';
import { DEMO_PASSWORD } from '../demo-data';
import type { OperatorSeedContext } from './context';

/**
 * The second demo operator (README): holds only `report` and `task`, so 投诉管理 and 任务管理 are all the menu shows.
 * 13800000008 (the brief's number) is the partial-key pharmacy_admin 韩雪 of the console-staff seed, hence 09.
 */
export const complaintOperator = { phone: '13800000009', name: '孙投诉', permissions: ['report', 'task'] } as const;

/**
 * Operator demo data: the second operator, made a week before the demo's now. No audit row: the trail holds only what
 * really happened (a test database's template may be days old, and the audit test reads today's rows as all of them).
 */
export async function seedOperatorPermissions(ctx: OperatorSeedContext): Promise<void> {
  const { tx } = ctx;
  const at = new Date(ctx.now - 7 * 86_400_000);
  const [created] = await tx
    .insert(account)
    .values({
      phone: complaintOperator.phone,
      phoneUserId: `pu_${complaintOperator.phone}`,
      name: complaintOperator.name,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      createdAt: at,
    })
    .returning({ id: account.id });
  await tx
    .insert(adminProfile)
    .values({ accountId: created.id, adminPermissions: [...complaintOperator.permissions], createdAt: at });
}
