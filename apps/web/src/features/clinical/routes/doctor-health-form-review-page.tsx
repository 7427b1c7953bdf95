import { UnderConstruction } from '../../../components/under-construction';

export default function HealthFormReviewPage() {
  return <UnderConstruction title="健康表审核" />;
}
