import { UnderConstruction } from '../../../components/under-construction';

export default function CourierPage() {
  return <UnderConstruction title="快递管理" />;
}
