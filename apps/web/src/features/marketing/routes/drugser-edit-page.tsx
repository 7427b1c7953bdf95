import { UnderConstruction } from '../../../components/under-construction';

export default function DrugserEditPage() {
  return <UnderConstruction title="编辑用药人" />;
}
