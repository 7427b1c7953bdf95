import { UnderConstruction } from '../../../components/under-construction';

export default function DrugserPage() {
  return <UnderConstruction title="用药人" />;
}
