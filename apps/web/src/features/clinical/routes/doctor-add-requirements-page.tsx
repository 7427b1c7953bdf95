import { UnderConstruction } from '../../../components/under-construction';

export default function AddRequirementsPage() {
  return <UnderConstruction title="新增问诊需求" />;
}
