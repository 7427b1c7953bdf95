import { type QuestionCategory, questionCategoryBodySchema } from '@pharmacy/shared';
import { Form, Input, InputNumber, Modal } from 'antd';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { useSaveQuestionCategory } from '../api/question-categories';
import { QuestionCategorySelect } from './question-category-select';
import { showServerFieldError, zodRule } from './question-form-rules';

const fields = questionCategoryBodySchema.shape;

interface Values {
  name: string;
  parent_id: number | null;
  sort: number | null;
}

export interface QuestionTypeDialogProps {
  categories: readonly QuestionCategory[];
  /** The category renamed or moved; undefined adds one. */
  category?: QuestionCategory;
  /** A new category's parent (新增下级分类). */
  parentId?: number | null;
  onClose: () => void;
}

/** The category form (分类 = the spec's "type"): 新增分类 / 新增下级分类 / 编辑分类 with its name, parent and order. */
export function QuestionTypeDialog({ categories, category, parentId = null, onClose }: QuestionTypeDialogProps) {
  const [form] = Form.useForm<Values>();
  const save = useSaveQuestionCategory();
  const parentName = parentId !== null ? categories.find((c) => c.id === parentId)?.name : undefined;
  const title = category ? '编辑分类' : parentName ? `新增「${parentName}」的下级分类` : '新增分类';

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    try {
      await save.mutateAsync({
        id: category?.id,
        body: { name: values.name.trim(), parent_id: values.parent_id ?? null, sort: values.sort ?? 0 },
      });
      dialogToast.success(category ? '分类已保存' : '分类已新增');
      onClose();
    } catch (error) {
      showServerFieldError(form, error, ['name', 'parent_id', 'sort']);
    }
  };

  return (
    <Modal
      open
      title={title}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        name="question-category"
        layout="vertical"
        preserve={false}
        initialValues={
          category
            ? { name: category.name, parent_id: category.parent_id, sort: category.sort }
            : { name: '', parent_id: parentId, sort: 0 }
        }
        onFinish={() => void submit()}
      >
        <Form.Item name="name" label="分类名称" required rules={[zodRule(fields.name)]}>
          <Input maxLength={50} placeholder="如 高血压用药" autoFocus />
        </Form.Item>
        <Form.Item name="parent_id" label="上级分类">
          <QuestionCategorySelect
            categories={categories}
            exclude={category?.id}
            placeholder="无（顶级分类）"
            aria-label="上级分类"
          />
        </Form.Item>
        <Form.Item name="sort" label="排序" rules={[zodRule(fields.sort)]} extra="数字越小越靠前">
          <InputNumber precision={0} min={0} max={9999} style={{ width: 160 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
