import { UnderConstruction } from '../../../components/under-construction';

export default function LiveAdminPage() {
  return <UnderConstruction title="直播后台" />;
}
