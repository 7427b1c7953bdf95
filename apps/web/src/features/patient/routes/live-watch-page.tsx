import { UnderConstruction } from '../../../components/under-construction';

export default function LiveWatchPage() {
  return <UnderConstruction title="观看直播" />;
}
