import { describe, expect, it } from 'vitest';
import {
  canTaskFlow,
  isTaskOverdue,
  taskActionsFor,
  taskCancelBodySchema,
  taskCreateBodySchema,
  taskDoneBodySchema,
  taskListQuerySchema,
  taskMessages,
  taskStatuses,
} from './task.schema';

const firstError = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('task flow table', () => {
  it('start: pending → in_progress; done and cancel from either open status; nothing from a closed one', () => {
    expect(taskActionsFor('pending')).toEqual(['start', 'done', 'cancel']);
    expect(taskActionsFor('in_progress')).toEqual(['done', 'cancel']);
    expect(taskActionsFor('done')).toEqual([]);
    expect(taskActionsFor('cancelled')).toEqual([]);
    for (const s of taskStatuses) expect(canTaskFlow('start', s)).toBe(s === 'pending');
  });

  it('overdue: open and due before now', () => {
    const now = Date.parse('2026-11-24T10:00:00Z');
    expect(isTaskOverdue({ status: 'pending', due_at: '2026-11-24T09:59:59Z' }, now)).toBe(true);
    expect(isTaskOverdue({ status: 'in_progress', due_at: '2026-11-24T09:00:00Z' }, now)).toBe(true);
    expect(isTaskOverdue({ status: 'pending', due_at: '2026-11-24T10:00:00Z' }, now)).toBe(false);
    expect(isTaskOverdue({ status: 'done', due_at: '2026-11-01T00:00:00Z' }, now)).toBe(false);
    expect(isTaskOverdue({ status: 'cancelled', due_at: '2026-11-01T00:00:00Z' }, now)).toBe(false);
  });

  it('the 409 texts read 任务已…，请刷新后查看', () => {
    expect(taskMessages.conflict('done')).toBe('任务已完成，请刷新后查看');
    expect(taskMessages.conflict('cancelled')).toBe('任务已取消，请刷新后查看');
    expect(taskMessages.conflict('in_progress')).toBe('任务已开始处理，请刷新后查看');
  });
});

describe('task bodies: Chinese messages naming the field', () => {
  const valid = {
    kind: 'follow_up',
    title: '回访',
    customer_account_id: 1,
    assignee_account_id: 2,
    due_at: '2026-12-01T10:00:00+08:00',
  };
  it('create', () => {
    expect(taskCreateBodySchema.safeParse(valid).success).toBe(true);
    expect(firstError(taskCreateBodySchema.safeParse({ ...valid, title: '  ' }))).toBe('请填写任务标题');
    expect(firstError(taskCreateBodySchema.safeParse({ ...valid, title: '题'.repeat(101) }))).toBe(
      '任务标题最多 100 字',
    );
    expect(firstError(taskCreateBodySchema.safeParse({ ...valid, kind: 'x' }))).toBe('请选择任务类型');
    expect(firstError(taskCreateBodySchema.safeParse({ ...valid, customer_account_id: 0 }))).toBe('请选择客户');
    expect(firstError(taskCreateBodySchema.safeParse({ ...valid, assignee_account_id: null }))).toBe('请选择负责人');
    expect(firstError(taskCreateBodySchema.safeParse({ ...valid, due_at: '明天' }))).toBe('请选择截止时间');
    expect(firstError(taskCreateBodySchema.safeParse({ ...valid, content: '字'.repeat(501) }))).toBe(
      '任务内容最多 500 字',
    );
  });
  it('done needs a result (1–500), cancel a reason (1–200)', () => {
    expect(firstError(taskDoneBodySchema.safeParse({ result: '' }))).toBe('请填写处理结果');
    expect(firstError(taskDoneBodySchema.safeParse({ result: '果'.repeat(501) }))).toBe('处理结果最多 500 字');
    expect(firstError(taskCancelBodySchema.safeParse({}))).toBe('请填写取消原因');
    expect(firstError(taskCancelBodySchema.safeParse({ reason: '因'.repeat(201) }))).toBe('取消原因最多 200 字');
  });
  it('the list query falls back on bad values and keeps the dates in order', () => {
    const q = taskListQuerySchema.parse({ status: 'nope', kind: 'x', overdue: '1', assignee_account_id: 'a' });
    expect(q).toMatchObject({ status: 'all', kind: undefined, overdue: true, assignee_account_id: undefined });
    expect(taskListQuerySchema.safeParse({ due_from: '2026-12-02', due_to: '2026-12-01' }).success).toBe(false);
  });
});
