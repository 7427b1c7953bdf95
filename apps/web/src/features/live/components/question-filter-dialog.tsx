import { type QuestionCategory, type QuestionType, questionTypeLabels, questionTypes } from '@pharmacy/shared';
import { Button, Form, Input, Modal, Select } from 'antd';
import { QuestionCategorySelect } from './question-category-select';

export interface QuestionFilter {
  category_id?: number;
  type?: QuestionType;
  keyword?: string;
}

export interface QuestionFilterDialogProps {
  categories: readonly QuestionCategory[];
  value: QuestionFilter;
  onApply: (filter: QuestionFilter) => void;
  onClose: () => void;
}

/** 筛选题目: category (with its descendants), type and a keyword of the stem, applied to the list's URL. */
export function QuestionFilterDialog({ categories, value, onApply, onClose }: QuestionFilterDialogProps) {
  const [form] = Form.useForm<{ category_id: number | null; type?: QuestionType; keyword?: string }>();
  return (
    <Modal
      open
      title="筛选题目"
      okText="筛选"
      cancelText="取消"
      onOk={() => {
        const v = form.getFieldsValue();
        onApply({
          category_id: v.category_id ?? undefined,
          type: v.type ?? undefined,
          keyword: v.keyword?.trim() || undefined,
        });
      }}
      onCancel={onClose}
      destroyOnHidden
      footer={(_, { OkBtn, CancelBtn }) => (
        <>
          <CancelBtn />
          <Button onClick={() => form.setFieldsValue({ category_id: null, type: undefined, keyword: '' })}>
            清空条件
          </Button>
          <OkBtn />
        </>
      )}
    >
      <Form
        form={form}
        name="question-filter"
        layout="vertical"
        preserve={false}
        initialValues={{ category_id: value.category_id ?? null, type: value.type, keyword: value.keyword ?? '' }}
      >
        <Form.Item name="category_id" label="分类" extra="包含下级分类的题目">
          <QuestionCategorySelect categories={categories} placeholder="全部分类" aria-label="分类" />
        </Form.Item>
        <Form.Item name="type" label="题型">
          <Select
            allowClear
            placeholder="全部题型"
            aria-label="题型"
            options={questionTypes.map((t) => ({ value: t, label: questionTypeLabels[t] }))}
          />
        </Form.Item>
        <Form.Item name="keyword" label="题干关键词">
          <Input allowClear maxLength={100} placeholder="题干中包含的文字" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
