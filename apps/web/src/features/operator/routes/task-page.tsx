import { operatorKeys } from '@pharmacy/shared';
import { Typography } from 'antd';
import { RequireAdminPermission } from '../../../components/permission-gate';
import { TaskList } from '../components/task-list';

/** /website/task — 任务管理 for the operator (`task`): every pharmacy's tasks and the platform's own. */
export default function TaskPage() {
  return (
    <section aria-labelledby="website-task-title">
      <Typography.Title id="website-task-title" level={4} style={{ marginTop: 0 }}>
        任务管理
      </Typography.Title>
      <RequireAdminPermission permission={operatorKeys.task}>
        <TaskList />
      </RequireAdminPermission>
    </section>
  );
}
