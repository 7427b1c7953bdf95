import { UnderConstruction } from '../../../components/under-construction';

export default function TaskPage() {
  return <UnderConstruction title="任务管理" />;
}
