import { patientLinks } from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../lib/sql-rows';
import { int, pick } from '../random';
import type { MarketingSeedContext } from './context';
import { pudongId } from './teams';

const DAY_MS = 86_400_000;

/** The channel the marketing demo adds to the Pudong store (门店海报 pd-poster and 社区义诊 pd-clinic exist). */
export const WECHAT_CHANNEL = { name: '公众号推文', scene: 'pd-wechat' } as const;

/**
 * Channels (渠道管理) of the Pudong store with their scans:
 * - 公众号推文 (pd-wechat) joins 门店海报 and 社区义诊; five recent members without a channel are moved to it;
 * - every member (viper) of the store with a channel has the scan that made them a customer (new_member = 1) at the
 *   time they joined, so "new members" over a range is the members who joined through the channel in it;
 * - besides those, scans that made nobody new (passers-by not signed in, existing customers scanning again) over
 *   the last 30 days, in opening hours;
 * - channel.scan_count / member_count are set to the rows' totals (the console counts rows; the columns are legacy).
 * The customers part copies viper.channel_id into customer_info.channel_id, so orders per channel follow.
 */
export async function seedChannels(ctx: MarketingSeedContext): Promise<void> {
  const { tx, now } = ctx;
  const rand = ctx.random(2);
  const pharmacyId = await pudongId(tx);
  if (pharmacyId === null) return;

  await tx.execute(
    sql`insert into channel (pharmacy_id, name, scene) values (${pharmacyId}, ${WECHAT_CHANNEL.name}, ${WECHAT_CHANNEL.scene})
      on conflict (scene) do nothing`,
  );
  const { rows: channels } = await queryRows<{ id: number; scene: string }>(
    tx,
    sql`select id, scene from channel where pharmacy_id = ${pharmacyId} order by id`,
  );
  const { rows: all } = await queryRows<{ id: number; scene: string }>(tx, sql`select id, scene from channel`);
  for (const c of all) {
    await tx.execute(sql`update channel set qrcode_url = ${patientLinks.channel(c.scene)} where id = ${c.id}`);
  }
  const wechat = channels.find((c) => c.scene === WECHAT_CHANNEL.scene)!;

  // the newest members who came without a channel read the official account's post
  await tx.execute(
    sql`update viper set channel_id = ${wechat.id}
      where id in (select id from viper where pharmacy_id = ${pharmacyId} and channel_id is null
        order by created_at desc, id desc limit 5)`,
  );

  // the scan that made each member: at the time they joined
  await tx.execute(
    sql`insert into channel_scan (pharmacy_id, channel_id, account_id, new_member, created_at, updated_at)
      select v.pharmacy_id, v.channel_id, v.account_id, 1, v.created_at, v.created_at
      from viper v where v.pharmacy_id = ${pharmacyId} and v.channel_id is not null
      order by v.created_at, v.id`,
  );

  // scans that made nobody new, over the last 30 days
  const { rows: members } = await queryRows<{ account_id: number; channel_id: number }>(
    tx,
    sql`select account_id, channel_id from viper where pharmacy_id = ${pharmacyId} and channel_id is not null
      order by id`,
  );
  const weight: Record<string, [number, number]> = {
    'pd-poster': [40, 60],
    'pd-clinic': [12, 20],
    'pd-wechat': [25, 35],
  };
  const scans: { channelId: number; accountId: number | null; at: Date }[] = [];
  for (const c of channels) {
    const [lo, hi] = weight[c.scene] ?? [5, 10];
    const own = members.filter((m) => m.channel_id === c.id);
    for (let i = int(rand, lo, hi); i > 0; i--) {
      const at = new Date(now - int(rand, 0, 29) * DAY_MS);
      // 08:00–21:59 in Shanghai
      at.setUTCHours(int(rand, 0, 13), int(rand, 0, 59), int(rand, 0, 59), 0);
      if (at.getTime() > now) at.setTime(now - int(rand, 1, 3600) * 1000);
      const again = own.length > 0 && rand() < 0.3;
      scans.push({ channelId: c.id, accountId: again ? pick(rand, own).account_id : null, at });
    }
  }
  scans.sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const s of scans) {
    await tx.execute(
      sql`insert into channel_scan (pharmacy_id, channel_id, account_id, new_member, created_at, updated_at)
        values (${pharmacyId}, ${s.channelId}, ${s.accountId}, 0, ${s.at.toISOString()}, ${s.at.toISOString()})`,
    );
  }

  await tx.execute(
    sql`update channel c set
        scan_count = (select count(*) from channel_scan s where s.channel_id = c.id),
        member_count = (select count(*) from channel_scan s where s.channel_id = c.id and s.new_member = 1)
      where c.pharmacy_id = ${pharmacyId}`,
  );
}
