/**
 * Payment providers (docs/orders.md "Placing and paying"). The patient's pay call opens one payment of an order
 * through a provider; the order itself only moves on through the state machine's `pay` transition
 * (lib/order-state.ts transitionOrder(…, 'pay')), which marks the open payment paid and writes the
 * settlement in the same transaction.
 *
 * - A provider that settles on the spot answers `paid`: the caller runs `pay` in the transaction that recorded the
 *   payment.
 * - A provider that settles later answers `pending`: the payment waits. The built-in `offline` provider is such a
 *   one: the patient transfers the money to the pharmacy's receiving account and staff confirm it (the console's
 *   confirm-payment call runs `pay` with `confirmedBy`). A real provider (WeChat Pay) would answer `pending` with its
 *   prepay id as `ref`, and its notification route, after verifying the provider's signature, would call
 *   transitionOrder(db, orderId, 'pay', { payRef: transactionId }); a repeated notification then finds the order
 *   paid (409 from the state machine), which the route answers as success to the provider.
 */

/** What a provider is told about the order it opens a payment for. */
export interface PaymentOrder {
  id: number;
  orderNo: string;
  pharmacyId: number;
  accountId: number;
  /** The amount to pay, money text ('25.50'). */
  amount: string;
}

export interface PaymentOpened {
  /** pending: paid later (staff confirm, the provider's callback); paid: settled now. */
  status: 'pending' | 'paid';
  /** The payer's reference (offline) or the provider's id for this payment (prepay id, transaction number). */
  ref: string;
}

export interface PaymentProvider {
  /** Stored in order_payment.provider and orders.pay_method. */
  readonly name: string;
  /** Opens a payment of the order. Must not change the order: the state machine does. */
  open(order: PaymentOrder, input: { reference: string }): Promise<PaymentOpened>;
}

/** Offline transfer: nothing to call; the payment waits for staff to confirm they received the money. */
export const offlinePaymentProvider: PaymentProvider = {
  name: 'offline',
  async open(_order, { reference }) {
    return { status: 'pending', ref: reference.slice(0, 64) };
  },
};

/** The providers the app knows, by name (a configured real provider would be added here). */
export function paymentProviderRegistry(extra: PaymentProvider[] = []): Map<string, PaymentProvider> {
  return new Map([offlinePaymentProvider, ...extra].map((p) => [p.name, p]));
}
