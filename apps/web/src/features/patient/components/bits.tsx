import {
  type CourierCode,
  courierNames,
  type OrderStatus,
  type OrderSummary,
  orderStatusLabels,
  type ProductType,
  productTypeLabels,
} from '@pharmacy/shared';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { ImageWithFallback } from '../../../components/image-with-fallback';

/** Money as the server sends it ('12.50') with the yuan sign; never a float. */
export function Yuan({ value, strong = true }: { value: string; strong?: boolean }) {
  return <span className={strong ? 'patient-price' : undefined}>¥{value}</span>;
}

const typeColors: Record<ProductType, string> = { RX: 'red', OTC: 'green', HERBAL: 'gold', NON_DRUG: 'blue' };

export function TypeTag({ type }: { type: ProductType }) {
  return (
    <Tag color={typeColors[type]} style={{ marginInlineEnd: 0 }} bordered={false}>
      {productTypeLabels[type]}
    </Tag>
  );
}

export function Thumb({ src, alt }: { src: string | null | undefined; alt: string }) {
  return <ImageWithFallback className="patient-thumb" src={src || undefined} alt={alt} width={72} height={72} />;
}

export const RX_NOTE = '含处方药：付款后需药师审核处方，审核通过后药店才会发货。';

export function RxNote({ children = RX_NOTE }: { children?: ReactNode }) {
  return (
    <div className="patient-rx-note" role="note">
      {children}
    </div>
  );
}

export function Card({ title, extra, children }: { title?: ReactNode; extra?: ReactNode; children: ReactNode }) {
  return (
    <section className="patient-card">
      {title || extra ? (
        <div className="patient-row" style={{ marginBottom: 8 }}>
          {title ? (
            <h2 className="patient-card-title" style={{ margin: 0 }}>
              {title}
            </h2>
          ) : (
            <span />
          )}
          {extra}
        </div>
      ) : null}
      {children}
    </section>
  );
}

/**
 * The status a patient reads: an unpaid order whose offline payment is open waits for the pharmacy to confirm it
 * (待商家确认收款), not for the patient to pay.
 */
export const PAYMENT_AWAITING_LABEL = '待商家确认收款';

export function patientStatusLabel(status: OrderStatus, payMethod: string | null | undefined): string {
  if (status === 'pending_payment' && payMethod) return PAYMENT_AWAITING_LABEL;
  return orderStatusLabels[status];
}

const statusColors: Record<OrderStatus, string> = {
  pending_payment: 'orange',
  pending_review: 'purple',
  pending_shipment: 'blue',
  shipped: 'cyan',
  completed: 'green',
  cancelled: 'default',
};

export function StatusText({ status, payMethod }: { status: OrderStatus; payMethod?: string | null }) {
  return (
    <Tag color={statusColors[status]} bordered={false} style={{ marginInlineEnd: 0 }}>
      {patientStatusLabel(status, payMethod)}
    </Tag>
  );
}

export const courierName = (code: string | null | undefined) =>
  code ? (courierNames[code as CourierCode] ?? code) : '';

export const orderLineText = (o: Pick<OrderSummary, 'items_text' | 'item_count'>) =>
  o.items_text || `共 ${o.item_count} 件商品`;

/** A bottom sheet's props: the phone column's width, rounded top, the area's green (it renders in a portal). */
export const sheetProps = {
  rootClassName: 'patient-theme',
  styles: { wrapper: { maxWidth: 480, margin: '0 auto', borderRadius: '12px 12px 0 0', overflow: 'hidden' } },
} as const;
