import {
  ADMIN_CUSTOMER_CARD_ROWS,
  type AdminCustomerCard,
  type AdminCustomerListItem,
  type AdminCustomerListQuery,
  type AdminCustomerListResult,
  adminCustomerMessages,
  shanghaiDayEnd,
  shanghaiDayStart,
} from '@pharmacy/shared';
import { addressCardOf, familyCardOf, maskedPhone } from '../../lib/account-records';
import { AppError } from '../../lib/app-error';
import type { AdminCustomerFilter, AdminCustomerRepository, AdminCustomerRow } from './customer.repository';

const iso = (v: Date | string) => new Date(v).toISOString();
const isoOrNull = (v: Date | string | null) => (v === null ? null : iso(v));

/** keyword → one of: the exact phone, the last four digits, a name part (docs/members.md's rule). */
export function keywordFilter(keyword: string | undefined): Partial<AdminCustomerFilter> {
  const k = keyword?.trim();
  if (!k) return {};
  if (/^1[3-9]\d{9}$/.test(k)) return { phone: k };
  if (/^\d{4}$/.test(k)) return { phoneSuffix: k };
  return { namePart: k };
}

const itemOf = (r: AdminCustomerRow): AdminCustomerListItem => ({
  account_id: r.account_id,
  name: r.name,
  phone: maskedPhone(r.phone),
  head_img_url: r.head_img_url,
  pharmacies: r.pharmacies ?? [],
  joined_at: iso(r.joined_at),
  order_count: r.order_count,
  paid_amount: r.paid_amount,
  prescription_count: r.prescription_count,
  first_order_at: isoOrNull(r.first_order_at),
  last_order_at: isoOrNull(r.last_order_at),
});

export class AdminCustomerService {
  constructor(
    private readonly repo: AdminCustomerRepository,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async list(query: AdminCustomerListQuery): Promise<AdminCustomerListResult> {
    const filter: AdminCustomerFilter = {
      ...keywordFilter(query.keyword),
      pharmacyId: query.pharmacy_id,
      joinedFrom: query.joined_from ? (shanghaiDayStart(query.joined_from) ?? undefined) : undefined,
      joinedTo: query.joined_to ? (shanghaiDayEnd(query.joined_to) ?? undefined) : undefined,
      hasPrescription: query.has_prescription === undefined ? undefined : query.has_prescription === 'yes',
    };
    const offset = (query.page - 1) * query.page_size;
    const rows = await this.repo.page(filter, query.page_size, offset);
    const total = rows.length ? (rows[0]!.total ?? 0) : await this.repo.count(filter);
    return { list: rows.map(itemOf), total, page: query.page, page_size: query.page_size };
  }

  private async member(id: number) {
    const m = await this.repo.member(id);
    if (!m) throw AppError.notFound(adminCustomerMessages.notFound, 'Member not found');
    return m;
  }

  async card(id: number): Promise<AdminCustomerCard> {
    const m = await this.member(id);
    const [memberships, family, addresses, figures, orders, prescriptions, complaints] = await Promise.all([
      this.repo.memberships(id),
      this.repo.family(id),
      this.repo.addresses(id),
      this.repo.orderFigures(id),
      this.repo.orders(id, ADMIN_CUSTOMER_CARD_ROWS),
      this.repo.prescriptions(id, ADMIN_CUSTOMER_CARD_ROWS),
      this.repo.complaints(id, ADMIN_CUSTOMER_CARD_ROWS),
    ]);
    const now = this.clock();
    return {
      account_id: m.id,
      name: m.name,
      phone: maskedPhone(m.phone),
      head_img_url: m.head_img_url,
      status: m.status,
      registered_at: iso(m.created_at),
      last_login_at: isoOrNull(m.last_login_at),
      memberships: memberships.map((p) => ({
        pharmacy_id: p.pharmacy_id,
        pharmacy_name: p.pharmacy_name,
        member:
          p.level === null || p.joined_at === null
            ? null
            : { level: p.level, points: p.points ?? 0, tags: p.member_tags ?? [], joined_at: iso(p.joined_at) },
        crm:
          p.crm_id === null
            ? null
            : {
                owner_name: p.owner_name,
                tags: p.crm_tags ?? [],
                channel_name: p.channel_name,
                source: p.source ?? '',
                last_contact_at: isoOrNull(p.last_contact_at),
              },
      })),
      family_members: family.map((f) => familyCardOf(f, now)),
      addresses: addresses.map(addressCardOf),
      order_count: figures.order_count,
      paid_amount: figures.paid_amount,
      first_order_at: isoOrNull(figures.first_order_at),
      last_order_at: isoOrNull(figures.last_order_at),
      orders: orders.map((o) => ({ ...o, created_at: iso(o.created_at) })),
      prescription_count: figures.prescription_count,
      prescriptions: prescriptions.map((r) => ({
        ...r,
        doctor_name: r.doctor_name ?? '',
        created_at: iso(r.created_at),
      })),
      complaint_count: figures.complaint_count,
      complaints: complaints.map((c) => ({ ...c, created_at: iso(c.created_at) })),
    };
  }

  /** The full phone; its audit row is written first (a failed write answers an error, not the phone). */
  async revealPhone(operatorId: number, id: number, ip: string): Promise<{ phone: string }> {
    const m = await this.member(id);
    await this.repo.recordReveal({ operatorId, accountId: id, ip });
    return { phone: m.phone };
  }
}
