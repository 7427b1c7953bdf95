import { FilterOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import {
  canManageLive,
  type Question,
  type QuestionCategory,
  type QuestionListQuery,
  questionListQuerySchema,
  questionTypeLabels,
  questionTypes,
} from '@pharmacy/shared';
import { Button, Flex, Form, Input, Select, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListPage, type RowAction, serializeListQuery, useListPage } from '../../../components/list-page';
import { dialogToast } from '../../../lib/feedback';
import { useSessionStore } from '../../../lib/session-store';
import { useQuestionCategories } from '../api/question-categories';
import { useQuestions, useRemoveQuestion } from '../api/questions';
import { QuestionAnswerDialog } from '../components/question-answer-dialog';
import { QuestionCategoryTree } from '../components/question-category-tree';
import { QuestionFilterDialog } from '../components/question-filter-dialog';
import { QuestionFormDialog } from '../components/question-form-dialog';
import { answerText } from '../components/question-form-rules';
import { QuestionImportDialog } from '../components/question-import-dialog';
import { QuestionTypeDialog } from '../components/question-type-dialog';

const typeColors = { single: 'blue', multiple: 'purple', judge: 'cyan' } as const;

const columns: ColumnsType<Question> = [
  {
    key: 'stem',
    title: '题干',
    dataIndex: 'stem',
    render: (stem: string) => (
      <span
        title={stem}
        style={{
          display: '-webkit-box',
          WebkitLineClamp: 2,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
          minWidth: 240,
        }}
      >
        {stem}
      </span>
    ),
  },
  {
    key: 'type',
    title: '题型',
    dataIndex: 'type',
    width: 90,
    render: (t: Question['type']) => <Tag color={typeColors[t]}>{questionTypeLabels[t]}</Tag>,
  },
  {
    key: 'category_name',
    title: '分类',
    dataIndex: 'category_name',
    width: 130,
    render: (name: string | null) => name ?? <Typography.Text type="secondary">未分类</Typography.Text>,
  },
  {
    key: 'answer',
    title: '答案',
    width: 80,
    render: (_: unknown, q) => <span style={{ whiteSpace: 'nowrap' }}>{answerText(q.type, q.answer)}</span>,
  },
  {
    key: 'score',
    title: <span style={{ whiteSpace: 'nowrap' }}>分值</span>,
    dataIndex: 'score',
    width: 70,
    align: 'right',
  },
  {
    key: 'live_count',
    title: <span style={{ whiteSpace: 'nowrap' }}>使用次数</span>,
    dataIndex: 'live_count',
    width: 90,
    align: 'right',
  },
];

/** Row actions and dialogs that write need canManageLive (the server's liveManageAccess). */
const MANAGE = 'manage';

/** /broadcast/questionBank — 题库管理: the category tree and the questions of the selected category. */
export default function QuestionBankPage() {
  const list = useListPage({ querySchema: questionListQuerySchema });
  const query = list.query as QuestionListQuery;
  const [, setSearchParams] = useSearchParams();
  const role = useSessionStore((s) => s.currentPharmacy?.role ?? null);
  const canManage = canManageLive(role);
  const categories = useQuestionCategories();
  const { data, isFetching } = useQuestions(query);
  const remove = useRemoveQuestion();
  const [categoryDialog, setCategoryDialog] = useState<{ category?: QuestionCategory; parentId: number | null } | null>(
    null,
  );
  const allCategories = categories.data ?? [];

  const rowOf = (id: string | null) => data?.list.find((q) => String(q.id) === id);

  const rowActions: RowAction<Question>[] = [
    { key: 'edit', label: '编辑', permission: MANAGE },
    { key: 'answer', label: '答案设置', permission: MANAGE },
    {
      key: 'delete',
      label: '删除',
      permission: MANAGE,
      danger: true,
      confirm: '确定删除这道题吗？',
      onClick: (row) =>
        remove.mutateAsync(row.id).then(
          () => dialogToast.success('题目已删除'),
          () => undefined,
        ),
    },
  ];

  return (
    <section aria-labelledby="question-bank-title">
      <Typography.Title id="question-bank-title" level={4} style={{ marginTop: 0 }}>
        题库管理
      </Typography.Title>
      <Flex gap={16} align="start">
        <QuestionCategoryTree
          categories={categories.data}
          loading={categories.isLoading}
          selected={query.category_id}
          onSelect={(id) => list.setQuery({ category_id: id })}
          canManage={canManage}
          onAdd={(parentId) => setCategoryDialog({ parentId })}
          onEdit={(category) => setCategoryDialog({ category, parentId: category.parent_id })}
        />
        <div style={{ flex: 1, minWidth: 0 }}>
          <ListPage<Question, QuestionListQuery>
            label="题目列表"
            list={list}
            filters={
              <>
                <Form.Item name="keyword" label="题干">
                  <Input allowClear maxLength={100} placeholder="题干关键词" style={{ width: 200 }} />
                </Form.Item>
                <Form.Item name="type" label="题型">
                  <Select
                    allowClear
                    placeholder="全部题型"
                    style={{ width: 130 }}
                    options={questionTypes.map((t) => ({ value: t, label: questionTypeLabels[t] }))}
                  />
                </Form.Item>
              </>
            }
            toolbar={
              <>
                {canManage ? (
                  <>
                    <Button type="primary" icon={<PlusOutlined />} onClick={() => list.openAction('create')}>
                      新增题目
                    </Button>
                    <Button icon={<UploadOutlined />} onClick={() => list.openAction('import')}>
                      导入题目
                    </Button>
                  </>
                ) : null}
                <Button icon={<FilterOutlined />} onClick={() => list.openAction('filter')}>
                  筛选
                </Button>
              </>
            }
            columns={columns}
            rowKey="id"
            rows={data?.list}
            total={data?.total}
            loading={isFetching}
            rowActions={rowActions}
            actionsWidth={200}
            scope={(permission) => permission !== MANAGE || canManage}
            dialogs={{
              create: {
                permission: MANAGE,
                render: ({ close }) => (
                  <QuestionFormDialog
                    categories={allCategories}
                    categoryId={query.category_id ?? null}
                    onClose={close}
                  />
                ),
              },
              edit: {
                permission: MANAGE,
                render: ({ id, close }) => {
                  const question = rowOf(id);
                  return question ? (
                    <QuestionFormDialog
                      key={question.id}
                      question={question}
                      categories={allCategories}
                      onClose={close}
                    />
                  ) : null;
                },
              },
              answer: {
                permission: MANAGE,
                render: ({ id, close }) => {
                  const question = rowOf(id);
                  return question ? (
                    <QuestionAnswerDialog key={question.id} question={question} onClose={close} />
                  ) : null;
                },
              },
              import: {
                permission: MANAGE,
                render: ({ close }) => (
                  <QuestionImportDialog categories={allCategories} categoryId={query.category_id} onClose={close} />
                ),
              },
              filter: {
                render: ({ close }) => (
                  <QuestionFilterDialog
                    categories={allCategories}
                    value={{ category_id: query.category_id, type: query.type, keyword: query.keyword }}
                    onClose={close}
                    onApply={(filter) =>
                      // one history entry: the filters applied and the dialog closed
                      setSearchParams(serializeListQuery({ ...query, ...filter, page: 1 }, list.defaults, null))
                    }
                  />
                ),
              },
            }}
          />
        </div>
      </Flex>
      {categoryDialog ? (
        <QuestionTypeDialog
          categories={allCategories}
          category={categoryDialog.category}
          parentId={categoryDialog.parentId}
          onClose={() => setCategoryDialog(null)}
        />
      ) : null}
    </section>
  );
}
