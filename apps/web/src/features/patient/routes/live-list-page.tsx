import { UnderConstruction } from '../../../components/under-construction';

export default function LiveListPage() {
  return <UnderConstruction title="直播课堂" />;
}
