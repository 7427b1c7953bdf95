import { UnderConstruction } from '../../../components/under-construction';

export default function SettingsPage() {
  return <UnderConstruction title="药店设置" />;
}
