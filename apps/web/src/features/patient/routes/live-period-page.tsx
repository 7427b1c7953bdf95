import { UnderConstruction } from '../../../components/under-construction';

export default function LivePeriodPage() {
  return <UnderConstruction title="营期报名" />;
}
