import { UnderConstruction } from '../../../components/under-construction';

export default function PlatformColumnSelectComponentPage() {
  return <UnderConstruction title="选择组件" />;
}
