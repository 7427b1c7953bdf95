import { z } from 'zod';
import { moneySchema, productTypes } from '../catalogue/product.schema';
import { defineContracts } from '../common/contract';
import { idParamSchema, idText } from '../common/fields';
import { add, type DecimalInput, formatMoney, multiply, subtract } from '../common/rules/decimal';

/**
 * What a patient needs to fill a cart at one pharmacy beyond its public product list (`GET /pharmacy/product/list`,
 * which already gives each on-shelf quote's id, price and stock): the pharmacy's delivery terms (freight and free
 * freight threshold) and its combos on sale with their items; and, for one of my orders, where to pay. The order
 * itself is priced by the server.
 */

export const patientCatalogQuerySchema = z.object({ pharmacy_id: idText('请选择药店') });
export type PatientCatalogQuery = z.infer<typeof patientCatalogQuerySchema>;

export const patientComboItemSchema = z.object({
  quote_id: z.number().int(),
  product_name: z.string(),
  spec: z.string(),
  type: z.enum(productTypes),
  image: z.string().nullable(),
  price: moneySchema,
  qty: z.number().int(),
});
export type PatientComboItem = z.infer<typeof patientComboItemSchema>;

export const patientComboSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: moneySchema,
  /** Σ item price × qty at today's prices: what the combo saves against. */
  original_total: moneySchema,
  /** The combo holds a prescription (RX) item: the order waits for a pharmacist's review. */
  has_rx: z.boolean(),
  /** How many whole combos the items' stock allows today (0: sold out). */
  available: z.number().int(),
  items: z.array(patientComboItemSchema),
});
export type PatientCombo = z.infer<typeof patientComboSchema>;

export const patientCatalogSchema = z.object({
  pharmacy_id: z.number().int(),
  freight: moneySchema,
  /** Orders whose goods reach this amount ship free; null: never free. */
  free_freight_threshold: moneySchema.nullable(),
  combos: z.array(patientComboSchema),
});
export type PatientCatalog = z.infer<typeof patientCatalogSchema>;

/** Where an offline payment of one of my orders goes (empty strings when the pharmacy has not set an account). */
export const orderReceivingSchema = z.object({
  bank: z.string(),
  account_name: z.string(),
  account_no: z.string(),
  service_phone: z.string(),
});
export type OrderReceiving = z.infer<typeof orderReceivingSchema>;

export const patientCatalogMessages = {
  pharmacyNotFound: '药店不存在或未营业',
  orderNotFound: '订单不存在或已删除',
} as const;

/** The delivery terms rule: free when a threshold is set and the goods reach it, else the pharmacy's freight. */
export function freightFor(
  goods: DecimalInput,
  terms: Pick<PatientCatalog, 'freight' | 'free_freight_threshold'>,
): string {
  const free = terms.free_freight_threshold !== null && !subtract(goods, terms.free_freight_threshold).startsWith('-');
  return formatMoney(free ? 0 : terms.freight);
}

/** Goods (Σ price × qty), freight and total of a cart, exactly (decimal strings, two places). */
export function cartTotals(
  lines: readonly { price: string; qty: number }[],
  terms: Pick<PatientCatalog, 'freight' | 'free_freight_threshold'>,
): { goods: string; freight: string; total: string } {
  const goods = formatMoney(lines.reduce<string>((sum, l) => add(sum, multiply(l.price, l.qty)), '0'));
  const freight = lines.length === 0 ? '0.00' : freightFor(goods, terms);
  return { goods, freight, total: formatMoney(add(goods, freight)) };
}

export const patientCatalogContracts = defineContracts('patient_catalog', {
  catalog: {
    method: 'GET',
    path: '/orders/user_order/catalog',
    access: { public: true },
    summary: '下单用：药店的配送费用与在售套餐',
    description:
      'Public like the product list, any active pharmacy (another answers 404 「药店不存在或未营业」): a shop window. Its ' +
      'name, address and quotes come from the public `GET /pharmacy/detail/:id` and `GET /pharmacy/product/list`; ' +
      'this adds the delivery terms and the combos on sale with their items (not the staff remark).',
    query: patientCatalogQuerySchema,
    response: patientCatalogSchema,
  },
  receiving: {
    method: 'GET',
    path: '/orders/user_order/:id/receiving',
    access: { signedIn: true },
    summary: '付款用：我的订单所属药店的收款账户',
    description:
      "Scoped to the signed-in account: another account's order answers 404 exactly like a missing one. Shown " +
      'before paying offline, so the buyer knows where to transfer the money.',
    params: idParamSchema,
    response: orderReceivingSchema,
  },
});
