import { UnderConstruction } from '../../../components/under-construction';

export default function CustomerDataPage() {
  return <UnderConstruction title="会员数据" />;
}
