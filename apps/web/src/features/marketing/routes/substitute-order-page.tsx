import { UnderConstruction } from '../../../components/under-construction';

export default function SubstituteOrderPage() {
  return <UnderConstruction title="创建代下单" />;
}
