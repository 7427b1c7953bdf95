import { HistoryList } from '../components/history-list';

/** /chatRoom/chatHistory: the pharmacy's past and current conversations, searched, each transcript read-only. */
export default function ChatHistoryPage() {
  return <HistoryList />;
}
