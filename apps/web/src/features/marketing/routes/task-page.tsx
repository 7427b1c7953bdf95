import { Typography } from 'antd';
import { TaskList } from '../components/task-list';

/** 任务列表 /marketManage/task (issue 16). */
export default function TaskPage() {
  return (
    <section aria-labelledby="marketing-task-title">
      <Typography.Title id="marketing-task-title" level={4} style={{ marginTop: 0 }}>
        任务列表
      </Typography.Title>
      <TaskList />
    </section>
  );
}
