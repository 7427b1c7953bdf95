import { UnderConstruction } from '../../../components/under-construction';

export default function CensusPage() {
  return <UnderConstruction title="处方统计" />;
}
