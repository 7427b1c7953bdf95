import { OrderCustomerList } from '../components/order-customer-list';

/** 客户订单: the orders of my customers (a manager: the pharmacy's), with the payment link and remarks. */
export default function OrderPage() {
  return <OrderCustomerList />;
}
