import { UnderConstruction } from '../../../components/under-construction';

export default function ComboPage() {
  return <UnderConstruction title="创建分享套餐" />;
}
