import { randomBytes } from 'node:crypto';
import {
  add,
  CHANNEL_DEFAULT_DAYS,
  CHANNEL_RANGE_MAX_DAYS,
  type Channel,
  type ChannelFigures,
  type ChannelList,
  type ChannelListQuery,
  channelMessages,
  formatMoney,
  marketingMessages,
  patientLinks,
  shanghaiDayEnd,
  shanghaiDayStart,
  shanghaiToday,
  type WxaBindResult,
  type WxaPreview,
  type WxaTarget,
} from '@pharmacy/shared';
import { AppError } from '../../lib/app-error';
import type { MiniProgramCodeProvider } from '../../lib/mp-code';
import type { ChannelRepository, ChannelRow, CodeTarget } from './channel.repository';

const DAY_MS = 24 * 3600_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** customer_info.source of a customer who joined through a staff member's personal code. */
export const STAFF_CODE_SOURCE = '员工二维码';

/** A scene: 8 random base36 characters (about 41 bits). */
export const newScene = () => (BigInt(`0x${randomBytes(6).toString('hex')}`) % 36n ** 8n).toString(36).padStart(8, '0');

const toChannel = (r: ChannelRow): Channel => ({
  id: r.id,
  name: r.name,
  scene: r.scene,
  link: patientLinks.channel(r.scene),
  created_at: new Date(r.created_at).toISOString(),
  scans: r.scans,
  new_members: r.new_members,
  orders: r.orders,
  amount: r.amount,
});

/** 渠道管理 and the code service (docs/marketing.md). */
export class ChannelService {
  constructor(
    private readonly repo: ChannelRepository,
    private readonly codes: MiniProgramCodeProvider,
  ) {}

  /** The range (Shanghai days): defaults to the last 30 days; an open end is filled from the other. */
  private range(query: Pick<ChannelListQuery, 'date_from' | 'date_to'>) {
    const today = shanghaiToday();
    const dateTo = query.date_to ?? (query.date_from && query.date_from > today ? query.date_from : today);
    const dateFrom = query.date_from ?? dateOf(dayNumber(dateTo) - (CHANNEL_DEFAULT_DAYS - 1));
    if (dateFrom > dateTo) throw AppError.badParams('date_to', channelMessages.datesOrder, 'date_to before date_from');
    if (dayNumber(dateTo) - dayNumber(dateFrom) + 1 > CHANNEL_RANGE_MAX_DAYS) {
      throw AppError.badParams('date_from', channelMessages.rangeTooLong, 'Range too long');
    }
    return { dateFrom, dateTo, from: shanghaiDayStart(dateFrom)!, to: shanghaiDayEnd(dateTo)! };
  }

  async list(pharmacyId: number, query: ChannelListQuery): Promise<ChannelList> {
    const r = this.range(query);
    const rows = await this.repo.listWithFigures(pharmacyId, r.from, r.to, query.keyword || undefined);
    const totals: ChannelFigures = {
      scans: rows.reduce((n, c) => n + c.scans, 0),
      new_members: rows.reduce((n, c) => n + c.new_members, 0),
      orders: rows.reduce((n, c) => n + c.orders, 0),
      amount: formatMoney(rows.reduce((sum, c) => add(sum, c.amount), '0')),
    };
    const start = (query.page - 1) * query.page_size;
    return {
      list: rows.slice(start, start + query.page_size).map(toChannel),
      total: rows.length,
      page: query.page,
      page_size: query.page_size,
      date_from: r.dateFrom,
      date_to: r.dateTo,
      totals,
    };
  }

  private async one(pharmacyId: number, id: number): Promise<Channel> {
    const row = await this.repo.byId(pharmacyId, id);
    if (!row) throw AppError.notFound(channelMessages.notFound, 'Channel not found');
    const today = shanghaiToday();
    const r = this.range({ date_to: today });
    const figures = (await this.repo.listWithFigures(pharmacyId, r.from, r.to)).find((c) => c.id === id);
    return toChannel(figures ?? { ...row, scans: 0, new_members: 0, orders: 0, amount: '0.00' });
  }

  async create(pharmacyId: number, name: string): Promise<Channel> {
    const id = await this.repo.transaction(async (tx) => {
      await this.repo.lock(tx, pharmacyId);
      if (await this.repo.nameTaken(tx, pharmacyId, name)) {
        throw AppError.conflict(channelMessages.nameTaken, 'Channel name taken');
      }
      for (let i = 0; i < 8; i++) {
        const made = await this.repo.insert(tx, pharmacyId, name, newScene());
        if (made !== null) return made;
      }
      throw new Error('No free scene after 8 draws');
    });
    return this.one(pharmacyId, id);
  }

  async rename(pharmacyId: number, id: number, name: string): Promise<Channel> {
    await this.repo.transaction(async (tx) => {
      await this.repo.lock(tx, pharmacyId);
      if (!(await this.repo.byId(pharmacyId, id, tx))) throw AppError.notFound(channelMessages.notFound);
      if (await this.repo.nameTaken(tx, pharmacyId, name, id)) {
        throw AppError.conflict(channelMessages.nameTaken, 'Channel name taken');
      }
      await this.repo.rename(tx, pharmacyId, id, name);
    });
    return this.one(pharmacyId, id);
  }

  /** Refused (409) once the channel has scans: its figures and its customers' source stay explainable. */
  async remove(pharmacyId: number, id: number): Promise<void> {
    await this.repo.transaction(async (tx) => {
      await this.repo.lock(tx, pharmacyId);
      if (!(await this.repo.byId(pharmacyId, id, tx))) throw AppError.notFound(channelMessages.notFound);
      if (await this.repo.hasScans(tx, pharmacyId, id)) {
        throw AppError.conflict(channelMessages.hasScans, 'Channel has scans');
      }
      await this.repo.delete(tx, pharmacyId, id);
    });
  }

  async qrcode(pharmacyId: number, id: number, origin: string) {
    const row = await this.repo.byId(pharmacyId, id);
    if (!row) throw AppError.notFound(channelMessages.notFound, 'Channel not found');
    return { png: await this.codes.code(patientLinks.channel(row.scene), origin), name: row.name };
  }

  async codeByScene(pharmacyId: number, scene: string, origin: string) {
    const row = await this.repo.bySceneInPharmacy(pharmacyId, scene);
    if (!row) throw AppError.notFound(channelMessages.notFound, 'Channel not found');
    return { png: await this.codes.code(patientLinks.channel(row.scene), origin), name: row.name };
  }

  private async target(t: WxaTarget): Promise<CodeTarget> {
    if (t.scene !== undefined) {
      const target = await this.repo.channelTarget(t.scene);
      if (!target) throw AppError.notFound(channelMessages.codeNotFound, 'Unknown scene');
      return target;
    }
    const target = await this.repo.staffTarget(t.staff!);
    if (!target) throw AppError.notFound(channelMessages.staffNotFound, 'Unknown staff member');
    return target;
  }

  async resolve(t: WxaTarget, accountId: number): Promise<WxaPreview> {
    const target = await this.target(t);
    return {
      kind: target.channel_id !== null ? 'channel' : 'staff',
      pharmacy_id: target.pharmacy_id,
      pharmacy_name: target.pharmacy_name,
      pharmacy_logo: target.pharmacy_logo,
      channel_name: target.channel_name,
      staff_name: target.staff_name,
      is_customer: await this.repo.isCustomer(target.pharmacy_id, accountId),
    };
  }

  async bind(t: WxaTarget, accountId: number): Promise<WxaBindResult & { target: CodeTarget }> {
    const target = await this.target(t);
    if (await this.repo.isBlacklisted(target.pharmacy_id, accountId)) {
      throw AppError.forbidden(marketingMessages.blacklisted, 'Blacklisted');
    }
    const source = target.channel_name ?? STAFF_CODE_SOURCE;
    const joined = await this.repo.bind(target, accountId, source);
    return { pharmacy_id: target.pharmacy_id, pharmacy_name: target.pharmacy_name, joined, target };
  }
}
