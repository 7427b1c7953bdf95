import { UnderConstruction } from '../../../components/under-construction';

export default function ChatSettingsPage() {
  return <UnderConstruction title="聊天设置" />;
}
