import { UnderConstruction } from '../../../components/under-construction';

export default function ChatHistoryPage() {
  return <UnderConstruction title="聊天记录" />;
}
