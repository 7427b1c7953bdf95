export { TaskTitleButton, taskColumns } from './task-columns';
export { TaskDetailFrame } from './task-detail';
export { TaskDueDateRange } from './task-due-date-range';
export { TaskCustomerFilter, TaskKindFilter, TaskOverdueFilter, TaskStatusTabs } from './task-filters';
export { PlatformTaskTag, TaskDue, TaskKindTag, TaskOriginTag, TaskStatusTag } from './task-tags';
