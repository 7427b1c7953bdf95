import { UnderConstruction } from '../../../components/under-construction';

export default function CustomerPage() {
  return <UnderConstruction title="会员管理" />;
}
