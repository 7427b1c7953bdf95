import { useSearchParams } from 'react-router';
import { ProxyOrderForm } from '../components/proxy-order-form';

/** 创建代下单: any goods and/or a combo for a customer; `?customer=<account id>` prefills the customer (the CRM card). */
export default function SubstituteOrderPage() {
  const [params] = useSearchParams();
  const customer = Number(params.get('customer'));
  const initial = Number.isInteger(customer) && customer > 0 ? customer : undefined;
  // a new customer in the URL starts a new form
  return <ProxyOrderForm key={initial ?? 0} kind="proxy" initialCustomerId={initial} />;
}
