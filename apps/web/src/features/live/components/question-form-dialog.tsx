import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  answerFits,
  liveMessages,
  QUESTION_OPTION_KEYS,
  type Question,
  type QuestionBody,
  type QuestionCategory,
  type QuestionType,
  questionBodySchema,
  questionOptionSchema,
  questionTypeLabels,
  questionTypes,
} from '@pharmacy/shared';
import { Button, Flex, Form, Input, InputNumber, Modal, Radio } from 'antd';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { useSaveQuestion } from '../api/questions';
import { AnswerPicker } from './question-answer-picker';
import { QuestionCategorySelect } from './question-category-select';
import { afterTypeChange, answerAfterRemove, optionKey, showServerFieldError, zodRule } from './question-form-rules';

const fields = questionBodySchema.shape;
const fieldNames = ['category_id', 'type', 'stem', 'options', 'answer', 'analysis', 'score'] as const;

export interface QuestionFormValues {
  category_id: number | null;
  type: QuestionType;
  stem: string;
  options: { text: string }[];
  answer: string[];
  analysis: string;
  score: number | null;
}

const answerHints: Record<QuestionType, string> = {
  single: '单选题选择 1 个正确答案',
  multiple: '多选题选择 2 个及以上正确答案',
  judge: '判断题选择正确或错误',
};

/** The form's values as the API's body (options lettered A, B … by position; none for a judge question). */
export function questionBodyOf(values: QuestionFormValues) {
  return {
    category_id: values.category_id ?? null,
    type: values.type,
    stem: values.stem ?? '',
    options:
      values.type === 'judge' ? [] : (values.options ?? []).map((o, i) => ({ key: optionKey(i), text: o?.text ?? '' })),
    answer: values.answer ?? [],
    analysis: values.analysis ?? '',
    score: values.score ?? Number.NaN,
  };
}

const initialValuesOf = (question: Question | undefined, categoryId: number | null): QuestionFormValues =>
  question
    ? {
        category_id: question.category_id,
        type: question.type,
        stem: question.stem,
        options: question.options.map((o) => ({ text: o.text })),
        answer: [...question.answer],
        analysis: question.analysis,
        score: question.score,
      }
    : {
        category_id: categoryId,
        type: 'single',
        stem: '',
        options: Array.from({ length: 4 }, () => ({ text: '' })),
        answer: [],
        analysis: '',
        score: 10,
      };

export interface QuestionFormDialogProps {
  /** The question edited; undefined creates one. */
  question?: Question;
  categories: readonly QuestionCategory[];
  /** A new question's category (the one selected in the tree). */
  categoryId?: number | null;
  onClose: () => void;
}

/**
 * 新增题目 / 编辑题目: 题型 switches the options (单选 / 多选: options A–F added and removed; 判断: 正确 / 错误) and the
 * answer control; checked with the shared questionBodySchema and answerFits before anything is sent.
 */
export function QuestionFormDialog({ question, categories, categoryId = null, onClose }: QuestionFormDialogProps) {
  const [form] = Form.useForm<QuestionFormValues>();
  const save = useSaveQuestion();
  const type = (Form.useWatch('type', form) ?? question?.type ?? 'single') as QuestionType;
  const options = (Form.useWatch('options', form) ?? []) as { text?: string }[];
  const keyedOptions = options.map((o, i) => ({ key: optionKey(i), text: o?.text ?? '' }));

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    const parsed = questionBodySchema.safeParse(questionBodyOf(values));
    if (!parsed.success) {
      form.setFields(
        parsed.error.issues.map((issue) => ({
          name: (issue.path.length > 1 ? issue.path : issue.path[0]) as never,
          errors: [issue.message],
        })),
      );
      return;
    }
    try {
      await save.mutateAsync({ id: question?.id, body: parsed.data as QuestionBody });
      dialogToast.success(question ? '题目已保存' : '题目已新增');
      onClose();
    } catch (error) {
      showServerFieldError(form, error, fieldNames);
    }
  };

  return (
    <Modal
      open
      title={question ? '编辑题目' : '新增题目'}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      width={640}
    >
      <Form<QuestionFormValues>
        form={form}
        name="question-form"
        layout="vertical"
        initialValues={initialValuesOf(question, categoryId)}
        preserve={false}
        onValuesChange={(changed: Partial<QuestionFormValues>, all) => {
          if (changed.type) {
            const next = afterTypeChange(changed.type, all.options ?? [], all.answer ?? []);
            form.setFieldsValue(next);
            form.setFields([
              { name: 'answer', errors: [] },
              { name: 'options', errors: [] },
            ]);
          }
        }}
      >
        <Form.Item name="type" label="题型" required>
          <Radio.Group
            optionType="button"
            options={questionTypes.map((t) => ({ value: t, label: questionTypeLabels[t] }))}
          />
        </Form.Item>
        <Form.Item name="category_id" label="分类">
          <QuestionCategorySelect categories={categories} placeholder="未分类" aria-label="分类" />
        </Form.Item>
        <Form.Item name="stem" label="题干" required rules={[zodRule(fields.stem)]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={500} showCount placeholder="请输入题干" />
        </Form.Item>
        {type === 'judge' ? null : (
          <Form.List
            name="options"
            rules={[
              {
                validator: async (_rule, value: unknown[] | undefined) => {
                  const n = value?.length ?? 0;
                  if (n < 2 || n > QUESTION_OPTION_KEYS.length) throw new Error(liveMessages.optionsInvalid);
                },
              },
            ]}
          >
            {(items, { add, remove }, { errors }) => (
              <Form.Item label="选项" required>
                <Flex vertical gap={8}>
                  {items.map((item, index) => (
                    <Flex key={item.key} gap={8} align="start">
                      <span style={{ width: 24, lineHeight: '32px', fontWeight: 600 }}>{optionKey(index)}</span>
                      <Form.Item
                        name={[item.name, 'text']}
                        rules={[zodRule(questionOptionSchema.shape.text)]}
                        style={{ flex: 1, marginBottom: 0 }}
                      >
                        <Input aria-label={`选项${optionKey(index)}`} maxLength={200} placeholder="请输入选项内容" />
                      </Form.Item>
                      <Button
                        aria-label={`删除选项${optionKey(index)}`}
                        icon={<DeleteOutlined />}
                        disabled={items.length <= 2}
                        onClick={() => {
                          const answer = form.getFieldValue('answer') as string[] | undefined;
                          remove(index);
                          form.setFieldValue('answer', answerAfterRemove(answer ?? [], index));
                        }}
                      />
                    </Flex>
                  ))}
                  <Button
                    type="dashed"
                    icon={<PlusOutlined />}
                    disabled={items.length >= QUESTION_OPTION_KEYS.length}
                    onClick={() => add({ text: '' })}
                  >
                    添加选项
                  </Button>
                  <Form.ErrorList errors={errors} />
                </Flex>
              </Form.Item>
            )}
          </Form.List>
        )}
        <Form.Item
          name="answer"
          label="正确答案"
          required
          extra={answerHints[type]}
          dependencies={['type', 'options']}
          rules={[
            {
              validator: async (_rule, value: string[] | undefined) => {
                const answer = value ?? [];
                if (answer.length === 0) throw new Error('请设置答案');
                const current = form.getFieldValue('type') as QuestionType;
                const opts = current === 'judge' ? [] : keyedOptions;
                if (!answerFits(current, opts, answer)) throw new Error(liveMessages.answerInvalid);
              },
            },
          ]}
        >
          <AnswerPicker type={type} options={keyedOptions} />
        </Form.Item>
        <Form.Item name="analysis" label="答案解析" rules={[zodRule(fields.analysis)]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} showCount placeholder="选填" />
        </Form.Item>
        <Form.Item
          name="score"
          label="分值"
          required
          rules={[{ required: true, message: '请填写分值' }, zodRule(fields.score)]}
        >
          <InputNumber precision={0} min={1} max={100} addonAfter="分" style={{ width: 160 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
