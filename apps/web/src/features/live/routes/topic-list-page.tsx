import { UnderConstruction } from '../../../components/under-construction';

export default function TopicListPage() {
  return <UnderConstruction title="课程列表" />;
}
