import { ProxyOrderForm } from '../components/proxy-order-form';

/** 非药品下单: a non-drug order (NON_DRUG goods only) for a customer of the pharmacy. */
export default function CreateOrderPage() {
  return <ProxyOrderForm kind="non_drug" />;
}
