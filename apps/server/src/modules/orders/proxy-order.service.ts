import {
  ageFromIdNumber,
  type CreateProxyOrderBody,
  type CustomerOrderDetail,
  type CustomerOrderListQuery,
  type CustomerOrderListResult,
  type CustomerOrderSummary,
  genderFromIdNumber,
  isValidIdNumber,
  marketingMessages,
  maskPhone,
  type OrderRemark,
  type OrderTabCounts,
  orderStatuses,
  PROXY_CATALOG_LIMIT,
  type ProxyCatalog,
  type ProxyCatalogQuery,
  type ProxyCustomer,
  type ProxyCustomerOption,
  type ProxyOrderCreated,
  patientLinks,
  proxyOrderMessages,
} from '@pharmacy/shared';
import { AppError } from '../../lib/app-error';
import { isBlacklisted } from '../../lib/blacklist';
import type { CustomerOptionRow, ProxyOrderRepository, Viewer } from './proxy-order.repository';
import type { OrderItemRow, UserOrderRepository } from './user-order.repository';
import { toOrderDetail, toOrderSummary, type UserOrderService } from './user-order.service';

const masked = (phone: string) => String(maskPhone(phone));

const toOption = (r: CustomerOptionRow): ProxyCustomerOption => ({
  account_id: r.account_id,
  name: r.name,
  phone: masked(r.phone),
  owner_name: r.owner_name,
  mine: r.mine,
});

const notFound = () => AppError.notFound(proxyOrderMessages.notFound, 'Order not found');

/**
 * Orders staff place for a customer and 客户订单. Placing goes through UserOrderService.create (the patient's one
 * path: idempotency, stock in the same statement, combos) for the customer's account with a StaffPlacement; this
 * service checks what is the pharmacy's business first: the account is a customer here, not blacklisted.
 */
export class ProxyOrderService {
  constructor(
    private readonly repo: ProxyOrderRepository,
    private readonly orders: UserOrderService,
    private readonly userOrders: UserOrderRepository,
  ) {}

  async customers(pharmacyId: number, me: number, keyword: string | undefined): Promise<ProxyCustomerOption[]> {
    return (await this.repo.searchCustomers(pharmacyId, me, keyword)).map(toOption);
  }

  async customer(pharmacyId: number, me: number, accountId: number): Promise<ProxyCustomer> {
    const row = await this.repo.customer(pharmacyId, me, accountId);
    if (!row) throw AppError.notFound(marketingMessages.customerNotFound, 'Not a customer of this pharmacy');
    const [members, addresses] = await Promise.all([
      this.repo.familyMembers(accountId),
      this.repo.addresses(accountId),
    ]);
    return {
      ...toOption(row),
      family_members: members.map((m) => {
        const valid = isValidIdNumber(m.id_number);
        return {
          id: m.id,
          name: m.name,
          relation: m.relation,
          gender: valid ? genderFromIdNumber(m.id_number) : m.gender,
          age: valid ? ageFromIdNumber(m.id_number) : null,
          is_default: m.is_default,
        };
      }),
      addresses: addresses.map((a) => ({
        id: a.id,
        name: a.name,
        phone: masked(a.phone),
        address: [a.province, a.city === a.province ? '' : a.city, a.district, a.detail].join(''),
        is_default: a.is_default,
      })),
    };
  }

  async catalog(pharmacyId: number, q: ProxyCatalogQuery): Promise<ProxyCatalog> {
    const [terms, quotes, combos] = await Promise.all([
      this.repo.terms(pharmacyId),
      this.repo.quotes(pharmacyId, q.kind, q.keyword, PROXY_CATALOG_LIMIT),
      q.kind === 'proxy' ? this.repo.combos(pharmacyId, q.keyword) : Promise.resolve([]),
    ]);
    return {
      ...terms,
      quotes,
      combos: combos.map((c) => ({ ...c, items_text: c.items_text ?? '', available: Math.max(0, c.available ?? 0) })),
    };
  }

  /** Places the order for the customer (the pharmacy fixed to the caller's), answering it with its payment link. */
  async create(
    pharmacyId: number,
    staffId: number,
    body: CreateProxyOrderBody,
    key: string | undefined,
  ): Promise<ProxyOrderCreated> {
    if (!(await this.repo.isCustomer(pharmacyId, body.customer_id))) {
      throw AppError.notFound(marketingMessages.customerNotFound, 'Not a customer of this pharmacy');
    }
    if (await isBlacklisted(this.repo.db, pharmacyId, body.customer_id)) {
      throw AppError.forbidden(marketingMessages.blacklisted, 'Customer is blacklisted');
    }
    const order = await this.orders.create(
      body.customer_id,
      {
        pharmacy_id: pharmacyId,
        family_member_id: body.family_member_id,
        address_id: body.address_id,
        lines: body.lines,
        quote_set_id: body.quote_set_id,
        quote_set_qty: body.quote_set_qty,
        buyer_remark: body.remark,
      },
      key,
      {
        kind: body.kind,
        createdBy: staffId,
        ...(body.kind === 'non_drug' ? { nonDrugOnly: proxyOrderMessages.notNonDrug } : {}),
      },
    );
    return { ...order, pay_link: patientLinks.pay(order.id) };
  }

  async list(pharmacyId: number, viewer: Viewer, q: CustomerOrderListQuery): Promise<CustomerOrderListResult> {
    const { rows, counts } = await this.repo.list(pharmacyId, viewer, q);
    const tabCounts = Object.fromEntries([['all', 0], ...orderStatuses.map((s) => [s, 0])]) as OrderTabCounts;
    for (const c of counts) {
      tabCounts[c.status] = c.n;
      tabCounts.all += c.n;
    }
    const list: CustomerOrderSummary[] = rows.map((r) => ({
      ...toOrderSummary(r),
      receiver_phone: masked(r.receiver_phone),
      customer_name: r.customer_name,
      owner_name: r.owner_name,
      created_by_name: r.created_by_name,
    }));
    return {
      list,
      total: q.status === 'all' ? tabCounts.all : tabCounts[q.status],
      page: q.page,
      page_size: q.page_size,
      counts: tabCounts,
    };
  }

  async detail(pharmacyId: number, viewer: Viewer, id: number): Promise<CustomerOrderDetail> {
    const row = await this.repo.order(pharmacyId, viewer, id);
    if (!row) throw notFound();
    const [items, remarks] = await Promise.all([
      this.userOrders.items(this.repo.db, id) as Promise<OrderItemRow[]>,
      this.repo.remarks(id),
    ]);
    return {
      ...toOrderDetail(row, items),
      receiver_phone: masked(row.receiver_phone),
      customer_name: row.customer_name,
      owner_name: row.owner_name,
      created_by_name: row.created_by_name,
      pay_link: patientLinks.pay(id),
      remarks,
    };
  }

  async remarks(pharmacyId: number, viewer: Viewer, id: number): Promise<OrderRemark[]> {
    if (!(await this.repo.order(pharmacyId, viewer, id))) throw notFound();
    return this.repo.remarks(id);
  }

  async addRemark(pharmacyId: number, viewer: Viewer, id: number, content: string): Promise<OrderRemark> {
    if (!(await this.repo.order(pharmacyId, viewer, id))) throw notFound();
    return this.repo.addRemark({ orderId: id, pharmacyId, authorId: viewer.accountId, content });
  }

  filterOptions(pharmacyId: number) {
    return this.repo.filterOptions(pharmacyId);
  }
}
