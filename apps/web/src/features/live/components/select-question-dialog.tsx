import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import {
  type Question,
  type QuestionCategory,
  type QuestionListQuery,
  type QuestionType,
  questionTypeLabels,
  questionTypes,
} from '@pharmacy/shared';
import { Button, Empty, Flex, Input, Modal, Select, Table, Tag, TreeSelect, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { listPagination } from '../../../components/list-page';
import { useBindLiveQuestions, usePickableQuestions, useQuestionCategoryOptions } from '../api/live-exam';
import { answerLabel, moveItem } from './live-format';

type TreeNode = { value: number; title: string; children: TreeNode[] };

/** The flat category list as a tree for the filter. */
function categoryTreeData(categories: readonly QuestionCategory[]): TreeNode[] {
  const byParent = new Map<number | null, QuestionCategory[]>();
  for (const c of categories) {
    const list = byParent.get(c.parent_id) ?? [];
    list.push(c);
    byParent.set(c.parent_id, list);
  }
  const known = new Set(categories.map((c) => c.id));
  const build = (parent: number | null, seen: Set<number>): TreeNode[] =>
    (byParent.get(parent) ?? [])
      .filter((c) => !seen.has(c.id))
      .sort((a, b) => a.sort - b.sort || a.id - b.id)
      .map((c) => ({ value: c.id, title: c.name, children: build(c.id, new Set([...seen, c.id])) }));
  // a category whose parent is not in the list shows at the top
  const orphans = categories.filter((c) => c.parent_id !== null && !known.has(c.parent_id));
  return [
    ...build(null, new Set()),
    ...orphans.map((c) => ({ value: c.id, title: c.name, children: build(c.id, new Set([c.id])) })),
  ];
}

export const QuestionTypeTag = ({ type }: { type: QuestionType }) => (
  <Tag variant="filled" color={type === 'single' ? 'blue' : type === 'multiple' ? 'purple' : 'cyan'}>
    {questionTypeLabels[type]}
  </Tag>
);

/**
 * 选择题目: the bank's questions not yet in the live's exam (exclude_live_id), filtered by category, type and keyword,
 * picked across pages; the picked ones are put in order with 上移 / 下移 and appended to the exam in that order
 * (bindQuestions with the exam's ids followed by them).
 */
export function SelectQuestionDialog({
  liveId,
  boundIds,
  onClose,
}: {
  liveId: number;
  /** The exam's questions now, in order. */
  boundIds: readonly number[];
  onClose: () => void;
}) {
  const [query, setQuery] = useState<QuestionListQuery>({
    page: 1,
    page_size: 10,
    exclude_live_id: liveId,
  });
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<Question[]>([]);
  const { data, isFetching } = usePickableQuestions(query);
  const categories = useQuestionCategoryOptions();
  const bind = useBindLiveQuestions(liveId);
  const treeData = useMemo(() => categoryTreeData(categories.data ?? []), [categories.data]);
  const pickedIds = picked.map((q) => q.id);
  const bound = new Set(boundIds);

  const patch = (p: Partial<QuestionListQuery>) => setQuery((q) => ({ ...q, page: 1, ...p }));
  const confirm = async () => {
    if (!picked.length) return;
    try {
      await bind.mutateAsync([...boundIds, ...pickedIds.filter((id) => !bound.has(id))]);
      onClose();
    } catch {
      // shown by the HTTP layer (一场考试最多 100 道题 …)
    }
  };

  return (
    <Modal
      open
      title="选择题目"
      width={960}
      okText={picked.length ? `加入考试（${picked.length}）` : '加入考试'}
      cancelText="取消"
      okButtonProps={{ disabled: !picked.length }}
      confirmLoading={bind.isPending}
      onOk={() => void confirm()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Flex gap={16} align="start">
        <Flex vertical gap={12} style={{ flex: 1, minWidth: 0 }}>
          <Flex gap={8} wrap>
            <TreeSelect
              aria-label="题目分类"
              placeholder="全部分类"
              allowClear
              treeDefaultExpandAll
              treeData={treeData}
              value={query.category_id}
              onChange={(v) => patch({ category_id: v === undefined || v === null ? undefined : Number(v) })}
              style={{ width: 180 }}
            />
            <Select<QuestionType>
              aria-label="题型"
              placeholder="全部题型"
              allowClear
              value={query.type}
              onChange={(v) => patch({ type: v ?? undefined })}
              options={questionTypes.map((t) => ({ value: t, label: questionTypeLabels[t] }))}
              style={{ width: 120 }}
            />
            <Input.Search
              aria-label="搜索题干"
              placeholder="搜索题干"
              allowClear
              maxLength={100}
              value={keyword}
              onChange={(e) => setKeyword(e.target.value)}
              onSearch={(v) => patch({ keyword: v.trim() || undefined })}
              style={{ width: 200 }}
            />
          </Flex>
          <Table<Question>
            aria-label="题库题目"
            size="small"
            rowKey="id"
            loading={isFetching}
            dataSource={data?.list}
            locale={{ emptyText: '没有可选的题目' }}
            rowSelection={{
              preserveSelectedRowKeys: true,
              selectedRowKeys: pickedIds,
              onSelect: (row, selected) =>
                setPicked((p) =>
                  selected ? [...p.filter((q) => q.id !== row.id), row] : p.filter((q) => q.id !== row.id),
                ),
              onSelectAll: (selected, _rows, changed) =>
                setPicked((p) => {
                  const ids = new Set(changed.filter(Boolean).map((q) => q.id));
                  const rest = p.filter((q) => !ids.has(q.id));
                  return selected ? [...rest, ...changed.filter(Boolean)] : rest;
                }),
            }}
            pagination={{
              ...listPagination(query.page, query.page_size, data?.total ?? 0),
              size: 'small',
              showSizeChanger: false,
            }}
            onChange={(p) => setQuery((q) => ({ ...q, page: p.current ?? 1 }))}
            columns={[
              { key: 'type', title: '题型', width: 80, render: (_, q) => <QuestionTypeTag type={q.type} /> },
              {
                key: 'stem',
                title: '题干',
                render: (_, q) => (
                  <Typography.Paragraph ellipsis={{ rows: 2, tooltip: q.stem }} style={{ margin: 0 }}>
                    {q.stem}
                  </Typography.Paragraph>
                ),
              },
              { key: 'category', title: '分类', width: 100, render: (_, q) => q.category_name ?? '未分类' },
              {
                key: 'answer',
                title: '答案',
                width: 80,
                onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
                render: (_, q) => answerLabel(q.type, q.answer),
              },
              { key: 'score', title: '分值', width: 60, render: (_, q) => q.score },
            ]}
          />
        </Flex>
        <Flex vertical gap={8} style={{ width: 280, flex: 'none' }}>
          <Typography.Text strong>
            已选 {picked.length} 题（共 {picked.reduce((s, q) => s + q.score, 0)} 分）
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            按此顺序加在现有 {boundIds.length} 道题之后
          </Typography.Text>
          {picked.length ? (
            <ol
              aria-label="已选题目"
              style={{
                listStyle: 'none',
                margin: 0,
                padding: 0,
                maxHeight: 420,
                overflow: 'auto',
                border: '1px solid #f0f0f0',
                borderRadius: 6,
              }}
            >
              {picked.map((q, i) => (
                <li
                  key={q.id}
                  style={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: 4,
                    padding: '6px 8px',
                    borderTop: i ? '1px solid #f0f0f0' : undefined,
                  }}
                >
                  <Typography.Text ellipsis={{ tooltip: q.stem }} style={{ flex: 1, minWidth: 0 }}>
                    {i + 1}. {q.stem}
                  </Typography.Text>
                  <Button
                    type="text"
                    size="small"
                    icon={<ArrowUpOutlined />}
                    aria-label={`上移第 ${i + 1} 题`}
                    disabled={i === 0}
                    onClick={() => setPicked((p) => moveItem(p, i, -1))}
                  />
                  <Button
                    type="text"
                    size="small"
                    icon={<ArrowDownOutlined />}
                    aria-label={`下移第 ${i + 1} 题`}
                    disabled={i === picked.length - 1}
                    onClick={() => setPicked((p) => moveItem(p, i, 1))}
                  />
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`移除第 ${i + 1} 题`}
                    onClick={() => setPicked((p) => p.filter((x) => x.id !== q.id))}
                  />
                </li>
              ))}
            </ol>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="勾选左侧题目" />
          )}
        </Flex>
      </Flex>
    </Modal>
  );
}
