import { UnderConstruction } from '../../../components/under-construction';

export default function PlatformColumnPage() {
  return <UnderConstruction title="平台专栏" />;
}
