import {
  type MemberCard,
  type OrderActionResult,
  type OrderConsoleDetail,
  type OrderListQuery,
  type OrderListResult,
  type OrderMember,
  type OrderRemark,
  type OrderSummary,
  orderMessages,
} from '@pharmacy/shared';
import type { Database } from '../../db/client';
import { addressCardOf, familyCardOf, maskedPhone } from '../../lib/account-records';
import { AppError } from '../../lib/app-error';
import { transitionOrder } from '../../lib/order-state';
import { type ListScope, type OrderRow, type PharmacyOrderRepository, tabCounts } from './pharmacy-order.repository';

const notFound = () => AppError.notFound(orderMessages.notFound, 'Order not found');

const toSummary = (r: OrderRow, receiverPhone: string = maskedPhone(r.receiver_phone)): OrderSummary => ({
  id: r.id,
  order_no: r.order_no,
  pharmacy_id: r.pharmacy_id,
  pharmacy_name: r.pharmacy_name,
  account_id: r.account_id,
  buyer_phone: maskedPhone(r.buyer_phone),
  kind: r.kind,
  has_rx: r.has_rx,
  status: r.status,
  goods_amount: r.goods_amount,
  freight: r.freight,
  discount: r.discount,
  pay_amount: r.pay_amount,
  patient_name: r.patient_name,
  receiver_name: r.receiver_name,
  receiver_phone: receiverPhone,
  address: [r.province, r.city, r.district, r.address_detail].filter(Boolean).join(' '),
  items_text: r.items_text,
  item_count: r.item_count,
  courier_code: r.shipment?.[0] ?? null,
  tracking_no: r.shipment?.[1] ?? null,
  created_at: r.created_at,
  paid_at: r.paid_at,
  shipped_at: r.shipped_at,
  completed_at: r.completed_at,
  cancelled_at: r.cancelled_at,
});

/**
 * The order list of a pharmacy's staff and of the operator: list with tab counts, detail, the staff's actions
 * through the one state machine (transitionOrder), remarks, the buyer's member card, delete. Another pharmacy's order
 * answers exactly like a missing one. No Fastify types here.
 */
export class PharmacyOrderService {
  constructor(
    private readonly db: Database,
    private readonly repo: PharmacyOrderRepository,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async list(scope: ListScope, query: OrderListQuery): Promise<OrderListResult> {
    const { rows, counts } = await this.repo.page(scope, query);
    const tabs = tabCounts(counts);
    return {
      list: rows.map((r) => toSummary(r)),
      total: tabs[query.status],
      page: query.page,
      page_size: query.page_size,
      counts: tabs,
    };
  }

  /** The detail drawer (the receiver's phone whole: staff ship to it). */
  async detail(pharmacyId: number | undefined, id: number): Promise<OrderConsoleDetail> {
    const row = await this.repo.find(pharmacyId, id);
    if (!row) throw notFound();
    const [items, remarks, payments, express] = await Promise.all([
      this.repo.items(id),
      this.repo.remarks(id),
      this.repo.payments(id),
      this.repo.express(id),
    ]);
    return {
      ...toSummary(row, row.receiver_phone),
      family_member_id: row.family_member_id,
      patient_gender: row.patient_gender,
      patient_age: row.patient_age,
      province: row.province,
      city: row.city,
      district: row.district,
      address_detail: row.address_detail,
      buyer_remark: row.buyer_remark,
      recipe_id: row.recipe_id,
      channel_id: row.channel_id,
      quote_set_id: row.quote_set_id,
      pay_method: row.pay_method,
      auto_confirm_at: row.auto_confirm_at,
      completed_by: row.completed_by,
      cancel_reason: row.cancel_reason,
      cancelled_by: row.cancelled_by,
      items,
      remarks,
      payments,
      express: express.map((e) => ({ ...e, events: e.events ?? [] })),
    };
  }

  /** 确认收款 (the offline provider): pending_payment → pending_review (RX) / pending_shipment. */
  async confirmPayment(
    pharmacyId: number,
    id: number,
    staffId: number,
    payRef: string | undefined,
  ): Promise<OrderActionResult & { orderNo: string }> {
    const r = await transitionOrder(this.db, id, 'pay', { pharmacyId, confirmedBy: staffId, payRef });
    return { id: r.id, status: r.to, orderNo: r.orderNo };
  }

  async cancel(pharmacyId: number, id: number, reason: string): Promise<OrderActionResult & { orderNo: string }> {
    const r = await transitionOrder(this.db, id, 'cancel', {
      pharmacyId,
      cancelledBy: 'staff',
      set: { cancel_reason: reason },
    });
    return { id: r.id, status: r.to, orderNo: r.orderNo };
  }

  /** 确认送达 (delivery) or 完成订单 (staff): shipped → completed. */
  async complete(
    pharmacyId: number,
    id: number,
    by: 'delivery' | 'staff',
  ): Promise<OrderActionResult & { orderNo: string }> {
    const r = await transitionOrder(this.db, id, 'complete', { pharmacyId, completedBy: by });
    return { id: r.id, status: r.to, orderNo: r.orderNo };
  }

  async remarks(pharmacyId: number, id: number): Promise<OrderRemark[]> {
    if (!(await this.repo.owner(pharmacyId, id))) throw notFound();
    return this.repo.remarks(id);
  }

  async addRemark(pharmacyId: number, id: number, authorId: number, content: string): Promise<OrderRemark> {
    if (!(await this.repo.owner(pharmacyId, id))) throw notFound();
    return this.repo.addRemark(this.db, { orderId: id, pharmacyId, authorId, content });
  }

  /** Soft delete, cancelled orders only (「只有已取消的订单可以删除」). */
  async remove(pharmacyId: number, id: number): Promise<void> {
    const { deleted, status } = await this.repo.softDelete(pharmacyId, id);
    if (deleted) return;
    if (status === null) throw notFound();
    throw AppError.conflict(orderMessages.deleteNotCancelled, `Order ${id} is ${status}, not cancelled`);
  }

  /** The buyer of the order and their member card at this pharmacy (null when they are not a member). */
  async member(pharmacyId: number, id: number): Promise<OrderMember> {
    const order = await this.repo.owner(pharmacyId, id);
    if (!order) throw notFound();
    const buyer = await this.repo.buyer(pharmacyId, order.accountId);
    if (!buyer) throw notFound();
    let member: MemberCard | null = null;
    if (buyer.viper_id !== null) {
      const found = await this.repo.memberCard(pharmacyId, buyer.viper_id);
      if (found) member = this.card(found);
    }
    return {
      buyer: { account_id: order.accountId, name: buyer.name, phone: maskedPhone(buyer.phone) },
      order_count: buyer.order_count,
      paid_amount: buyer.paid_amount,
      member,
    };
  }

  /** The members module's card, built the same way (masked phones and ID numbers, gender and age from the ID). */
  private card(found: NonNullable<Awaited<ReturnType<PharmacyOrderRepository['memberCard']>>>): MemberCard {
    const now = this.clock();
    const { card } = found;
    return {
      id: card.id,
      name: card.name,
      phone: maskedPhone(card.phone),
      head_img_url: card.head_img_url,
      level: card.level,
      points: card.points,
      tags: card.tags,
      channel_id: card.channel_name === null ? null : card.channel_id,
      channel_name: card.channel_name,
      joined_at: card.created_at,
      remark: card.remark,
      family_members: found.family.map((f) =>
        familyCardOf(
          {
            ...f,
            idNumber: f.id_number,
            isDefault: f.is_default,
            allergyHistory: f.allergy_history,
            familyMedicalHistory: f.family_medical_history,
            pastMedicalHistory: f.past_medical_history,
          },
          now,
        ),
      ),
      addresses: found.addresses.map(addressCardOf),
    };
  }
}
