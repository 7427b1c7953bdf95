import {
  answerFits,
  liveMessages,
  type Question,
  questionAnswerBodySchema,
  questionTypeLabels,
} from '@pharmacy/shared';
import { Descriptions, Form, Input, Modal, Tag } from 'antd';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { useSetQuestionAnswer } from '../api/questions';
import { AnswerPicker } from './question-answer-picker';
import { showServerFieldError, zodRule } from './question-form-rules';

interface Values {
  answer: string[];
  analysis: string;
}

/** 答案设置: the question shown as it is, only its answer and analysis change. */
export function QuestionAnswerDialog({ question, onClose }: { question: Question; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const setAnswer = useSetQuestionAnswer();

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    const parsed = questionAnswerBodySchema.safeParse(values);
    if (!parsed.success) return;
    try {
      await setAnswer.mutateAsync({ id: question.id, ...parsed.data });
      dialogToast.success('答案已保存');
      onClose();
    } catch (error) {
      showServerFieldError(form, error, ['answer', 'analysis']);
    }
  };

  return (
    <Modal
      open
      title="答案设置"
      okText="保存"
      cancelText="取消"
      confirmLoading={setAnswer.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      width={600}
    >
      <Descriptions
        column={1}
        size="small"
        style={{ marginBottom: 16 }}
        items={[
          { key: 'type', label: '题型', children: <Tag>{questionTypeLabels[question.type]}</Tag> },
          { key: 'stem', label: '题干', children: question.stem },
        ]}
      />
      <Form<Values>
        form={form}
        name="question-answer"
        layout="vertical"
        initialValues={{ answer: [...question.answer], analysis: question.analysis }}
        preserve={false}
      >
        <Form.Item
          name="answer"
          label="正确答案"
          required
          rules={[
            {
              validator: async (_rule, value: string[] | undefined) => {
                const answer = value ?? [];
                if (answer.length === 0) throw new Error('请设置答案');
                if (!answerFits(question.type, question.options, answer)) throw new Error(liveMessages.answerInvalid);
              },
            },
          ]}
        >
          <AnswerPicker type={question.type} options={question.options} />
        </Form.Item>
        <Form.Item name="analysis" label="答案解析" rules={[zodRule(questionAnswerBodySchema.shape.analysis)]}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={2000} showCount placeholder="选填" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
