import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { account, address, channel, familyMember, viper } from '../../db/schema/index';
import { escapeLike } from '../../lib/search';

export interface MemberFilter {
  /** Exactly one phone, or the phone's last four digits, or part of the name. */
  phone?: string;
  phoneSuffix?: string;
  name?: string;
  level?: number;
  tag?: string;
  channelId?: number;
}

export type MemberSortField = 'points' | 'joined_at';

export interface MemberRow {
  id: number;
  accountId: number;
  name: string;
  phone: string;
  headImgUrl: string;
  level: number;
  points: number;
  tags: string[];
  channelId: number | null;
  channelName: string | null;
  remark: string;
  createdAt: Date;
}

export type FamilyRow = Pick<
  typeof familyMember.$inferSelect,
  | 'id'
  | 'name'
  | 'relation'
  | 'idNumber'
  | 'gender'
  | 'birthday'
  | 'phone'
  | 'isDefault'
  | 'allergyHistory'
  | 'familyMedicalHistory'
  | 'pastMedicalHistory'
>;
export type AddressRow = Pick<
  typeof address.$inferSelect,
  'id' | 'name' | 'phone' | 'province' | 'city' | 'district' | 'detail' | 'isDefault'
>;

/** The only place that knows how members are stored. Every query is scoped to one pharmacy (`visible()`). */
export class MemberRepository {
  constructor(private readonly db: Database) {}

  private visible(pharmacyId: number, filter: MemberFilter = {}): SQL {
    const conditions: SQL[] = [eq(viper.pharmacyId, pharmacyId)];
    if (filter.phone !== undefined) conditions.push(eq(account.phone, filter.phone));
    if (filter.phoneSuffix !== undefined) conditions.push(sql`${account.phone} like ${`%${filter.phoneSuffix}`}`);
    if (filter.name !== undefined) conditions.push(ilike(account.name, `%${escapeLike(filter.name)}%`));
    if (filter.level !== undefined) conditions.push(eq(viper.level, filter.level));
    if (filter.tag !== undefined) conditions.push(sql`${filter.tag} = any(${viper.tags})`);
    if (filter.channelId !== undefined) conditions.push(eq(viper.channelId, filter.channelId));
    return and(...conditions)!;
  }

  private readonly columns = {
    id: viper.id,
    accountId: viper.accountId,
    name: account.name,
    phone: account.phone,
    headImgUrl: account.headImgUrl,
    level: viper.level,
    points: viper.points,
    tags: viper.tags,
    channelId: viper.channelId,
    channelName: channel.name,
    remark: viper.remark,
    createdAt: viper.createdAt,
  };

  private from() {
    return (
      this.db
        .select(this.columns)
        .from(viper)
        .innerJoin(account, eq(account.id, viper.accountId))
        // a channel is the pharmacy's own; the join says so again rather than trusting channel_id
        .leftJoin(channel, and(eq(channel.id, viper.channelId), eq(channel.pharmacyId, viper.pharmacyId)))
    );
  }

  async page(
    pharmacyId: number,
    filter: MemberFilter,
    sort: { field: MemberSortField; order: 'asc' | 'desc' } | null,
    limit: number,
    offset: number,
  ): Promise<{ rows: MemberRow[]; total: number }> {
    const where = this.visible(pharmacyId, filter);
    const dir = sort?.order === 'asc' ? asc : desc;
    // newest members first unless asked; the id breaks ties so that pages never overlap
    const order = sort
      ? [dir(sort.field === 'points' ? viper.points : viper.createdAt), dir(viper.id)]
      : [desc(viper.createdAt), desc(viper.id)];
    const [rows, [total]] = await Promise.all([
      this.from()
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
      this.db.select({ n: count() }).from(viper).innerJoin(account, eq(account.id, viper.accountId)).where(where),
    ]);
    return { rows: rows as MemberRow[], total: Number(total?.n ?? 0) };
  }

  /** How many family members each of these accounts has. */
  async familyCounts(accountIds: number[]): Promise<Map<number, number>> {
    if (accountIds.length === 0) return new Map();
    const rows = await this.db
      .select({ accountId: familyMember.accountId, n: sql<number>`count(*)::int` })
      .from(familyMember)
      .where(inArray(familyMember.accountId, accountIds))
      .groupBy(familyMember.accountId);
    return new Map(rows.map((r) => [r.accountId, Number(r.n)]));
  }

  async find(pharmacyId: number, id: number): Promise<MemberRow | undefined> {
    const [row] = await this.from()
      .where(and(eq(viper.id, id), this.visible(pharmacyId)))
      .limit(1);
    return row as MemberRow | undefined;
  }

  familyOf(accountId: number): Promise<FamilyRow[]> {
    return this.db
      .select({
        id: familyMember.id,
        name: familyMember.name,
        relation: familyMember.relation,
        idNumber: familyMember.idNumber,
        gender: familyMember.gender,
        birthday: familyMember.birthday,
        phone: familyMember.phone,
        isDefault: familyMember.isDefault,
        allergyHistory: familyMember.allergyHistory,
        familyMedicalHistory: familyMember.familyMedicalHistory,
        pastMedicalHistory: familyMember.pastMedicalHistory,
      })
      .from(familyMember)
      .where(eq(familyMember.accountId, accountId))
      .orderBy(desc(familyMember.isDefault), asc(familyMember.id));
  }

  addressesOf(accountId: number): Promise<AddressRow[]> {
    return this.db
      .select({
        id: address.id,
        name: address.name,
        phone: address.phone,
        province: address.province,
        city: address.city,
        district: address.district,
        detail: address.detail,
        isDefault: address.isDefault,
      })
      .from(address)
      .where(eq(address.accountId, accountId))
      .orderBy(desc(address.isDefault), asc(address.id));
  }

  /** Changes the pharmacy's own fields of its member; false when the pharmacy has no such member. */
  async update(
    pharmacyId: number,
    id: number,
    values: { level: number; tags: string[]; remark: string },
  ): Promise<boolean> {
    const rows = await this.db
      .update(viper)
      .set(values)
      .where(and(eq(viper.id, id), eq(viper.pharmacyId, pharmacyId)))
      .returning({ id: viper.id });
    return rows.length > 0;
  }

  channels(pharmacyId: number) {
    return this.db
      .select({ id: channel.id, name: channel.name })
      .from(channel)
      .where(eq(channel.pharmacyId, pharmacyId))
      .orderBy(asc(channel.id));
  }

  /** The tags the pharmacy's members carry, most used first. */
  async tagsInUse(pharmacyId: number, limit = 100): Promise<string[]> {
    const result = (await this.db.execute(sql`
      select t.tag from ${viper}, unnest(${viper.tags}) as t(tag)
      where ${viper.pharmacyId} = ${pharmacyId}
      group by t.tag order by count(*) desc, t.tag limit ${limit}`)) as unknown as { rows: { tag: string }[] };
    return result.rows.map((r) => r.tag);
  }
}
