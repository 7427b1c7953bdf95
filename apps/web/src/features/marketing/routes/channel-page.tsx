import { UnderConstruction } from '../../../components/under-construction';

export default function ChannelPage() {
  return <UnderConstruction title="渠道管理" />;
}
