import { LiveList } from '../components/live-list';

/** /broadcast/topiclist (课程列表). */
export default function TopicListPage() {
  return <LiveList />;
}
