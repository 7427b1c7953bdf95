import { UnderConstruction } from '../../../components/under-construction';

export default function RolePage() {
  return <UnderConstruction title="账号与权限" />;
}
