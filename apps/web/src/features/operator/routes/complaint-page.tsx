import { UnderConstruction } from '../../../components/under-construction';

export default function ComplaintPage() {
  return <UnderConstruction title="投诉管理" />;
}
