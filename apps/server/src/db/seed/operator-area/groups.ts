import { sql } from 'drizzle-orm';
import type { OperatorSeedContext } from './context';

/**
 * Operator demo data of 集团管理 (issue 17): the demo chain 仁心大药房连锁 shares the quotes of its second pharmacy
 * (pharmacy cross), so the first pharmacy's staff see them on /pharmacy/quote 集团共享报价. The second group
 * (华南康泰医药集团) is the pharmacies part's.
 */
export async function seedOperatorGroups(ctx: OperatorSeedContext): Promise<void> {
  await ctx.tx.execute(sql`update pharmacy set cross_group = true, updated_at = now()
    where id = (select p.id from pharmacy p join pharmacy_group g on g.id = p.group_id
      where g.name = '仁心大药房连锁' order by p.id offset 1 limit 1)`);
}
