import { TaskList } from '../components/task-list';

/** 任务列表 /marketManage/task (issue 16). */
export default function TaskPage() {
  return <TaskList />;
}
