import { type AdminReport, REPORT_RESULT_MAX, reportTargetKindLabels } from '@pharmacy/shared';
import { Form, Input, Modal, Typography } from 'antd';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { isApiError } from '../../../lib/http';
import { type ReportDecision, useDecideReport } from '../api/report-decide';

const texts: Record<
  ReportDecision,
  { title: string; ok: string; done: string; label: string; required: string; placeholder: string; intro: string }
> = {
  process: {
    title: '处理投诉',
    ok: '确认处理',
    done: '已处理，投诉人已收到通知',
    label: '处理结果',
    required: '请填写处理结果',
    placeholder: '投诉人可见，如：已联系药店核实，药店已补发并致歉',
    intro: '处理结果会通过站内消息发送给投诉人。',
  },
  reject: {
    title: '驳回投诉',
    ok: '确认驳回',
    done: '已驳回，投诉人已收到通知',
    label: '驳回原因',
    required: '请填写驳回原因',
    placeholder: '投诉人可见，请说明投诉不成立的依据',
    intro: '驳回原因会通过站内消息发送给投诉人。',
  },
};

/** 处理 (a result) or 驳回 (a reason): the text is required and sent to the complainant. */
export function ReportDecisionDialog({
  report,
  decision,
  onClose,
}: {
  report: Pick<AdminReport, 'id' | 'target_kind' | 'target_label' | 'category' | 'reporter_name'>;
  decision: ReportDecision;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ text: string }>();
  const decide = useDecideReport();
  const t = texts[decision];

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    try {
      await decide.mutateAsync({ decision, id: report.id, text: values.text.trim() });
      dialogToast.success(t.done);
      onClose();
    } catch (error) {
      // 409: another operator decided first; the toast says so and the list re-reads
      if (isApiError(error) && error.httpCode === 409) onClose();
      else if (isApiError(error) && error.httpCode === 400 && error.msg)
        form.setFields([{ name: 'text', errors: [error.msg.replace(/^(result|reason) /, '')] }]);
    }
  };

  return (
    <Modal
      open
      title={t.title}
      okText={t.ok}
      okButtonProps={decision === 'reject' ? { danger: true } : undefined}
      cancelText="取消"
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={decide.isPending}
      destroyOnHidden
    >
      <p style={{ marginTop: 0 }}>
        {report.reporter_name || '投诉人'} 投诉{reportTargetKindLabels[report.target_kind]}「{report.target_label}」：
        {report.category}
      </p>
      <Typography.Paragraph type="secondary">{t.intro}</Typography.Paragraph>
      <Form form={form} layout="vertical" name={`report-${decision}`} onFinish={() => void submit()}>
        <Form.Item
          name="text"
          label={t.label}
          rules={[
            { required: true, whitespace: true, message: t.required },
            { max: REPORT_RESULT_MAX, message: `${t.label}最多 ${REPORT_RESULT_MAX} 字` },
          ]}
        >
          <Input.TextArea rows={4} showCount maxLength={REPORT_RESULT_MAX} placeholder={t.placeholder} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
