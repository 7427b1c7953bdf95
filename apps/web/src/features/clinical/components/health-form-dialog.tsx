import { describeHealthAnswers, type HealthResetBody, healthMessages, healthResetBodySchema } from '@pharmacy/shared';
import { Alert, Button, Descriptions, Flex, Form, Input, Modal, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { validatedValues } from '../../../components/form-validation';
import { genderText, HealthFormStatusTag } from '../../../components/health-form/health-form-columns';
import { dialogToast } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { useApproveHealthForm, useResetHealthForm } from '../api/health-decide';
import { useHealthForm } from '../api/health-detail';

const reasonRule = {
  validator: async (_: unknown, value: unknown) => {
    const result = healthResetBodySchema.shape.reason.safeParse(value ?? '');
    if (!result.success) throw new Error(result.error.issues[0]?.message);
  },
};

const histories = (items: string[]) =>
  items.length ? items.map((h) => <Tag key={h}>{h}</Tag>) : <Typography.Text type="secondary">无</Typography.Text>;

/** 查看: the form's answers read-only with the family member's profile; 通过, or 驳回 with a reason (reset for the patient). */
export function HealthFormDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { data, isLoading, isError } = useHealthForm(id);
  const approve = useApproveHealthForm();
  const reset = useResetHealthForm();
  const [rejecting, setRejecting] = useState(false);
  const [form] = Form.useForm<HealthResetBody>();
  const pending = data?.status === 'submitted';

  const onApprove = async () => {
    try {
      await approve.mutateAsync(id);
      dialogToast.success('已审核通过');
      onClose();
    } catch {
      // the HTTP layer has shown the refusal (409: decided by another action)
    }
  };
  const onReject = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    try {
      await reset.mutateAsync({ id, reason: values.reason.trim() });
      dialogToast.success('已驳回，患者需重新填写');
      onClose();
    } catch {
      // shown by the HTTP layer
    }
  };

  const footer = !pending ? (
    <Button onClick={onClose}>关闭</Button>
  ) : rejecting ? (
    <Space>
      <Button onClick={() => setRejecting(false)}>返回</Button>
      <Button danger type="primary" loading={reset.isPending} onClick={() => void onReject()}>
        确认驳回
      </Button>
    </Space>
  ) : (
    <Space>
      <Button onClick={onClose}>关闭</Button>
      <Button danger onClick={() => setRejecting(true)}>
        驳回
      </Button>
      <Button type="primary" loading={approve.isPending} onClick={() => void onApprove()}>
        通过
      </Button>
    </Space>
  );

  return (
    <Modal open title="健康表" width={720} onCancel={onClose} footer={footer} destroyOnHidden>
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : isError || !data ? (
        <Alert type="error" showIcon message={healthMessages.formNotFound} />
      ) : (
        <Flex vertical gap={16}>
          <Descriptions size="small" column={2} bordered title="就诊人">
            <Descriptions.Item label="姓名">{data.patient.name}</Descriptions.Item>
            <Descriptions.Item label="性别/年龄">
              {genderText(data.patient.gender)} / {data.patient.age === null ? '-' : `${data.patient.age}岁`}
            </Descriptions.Item>
            <Descriptions.Item label="过敏史">{histories(data.patient.allergy_history)}</Descriptions.Item>
            <Descriptions.Item label="家族病史">{histories(data.patient.family_medical_history)}</Descriptions.Item>
            <Descriptions.Item label="既往病史" span={2}>
              {histories(data.patient.past_medical_history)}
            </Descriptions.Item>
          </Descriptions>
          <Descriptions
            size="small"
            column={2}
            bordered
            title="健康表"
            extra={
              <Space>
                <HealthFormStatusTag status={data.status} />
                <Typography.Text type="secondary">提交于 {formatDateTime(data.submitted_at)}</Typography.Text>
              </Space>
            }
          >
            {describeHealthAnswers(data.answers, data.gender).map((line) => (
              <Descriptions.Item
                key={line.key}
                label={line.label}
                span={['medications', 'note', 'chronic_conditions', 'allergy'].includes(line.key) ? 2 : 1}
              >
                {line.value}
              </Descriptions.Item>
            ))}
          </Descriptions>
          {data.status === 'rejected' ? (
            <Alert type="warning" showIcon message={`已驳回：${data.reject_reason}`} />
          ) : null}
          {data.status !== 'submitted' && data.reviewed_at ? (
            <Typography.Text type="secondary">审核时间 {formatDateTime(data.reviewed_at)}</Typography.Text>
          ) : null}
          {pending && rejecting ? (
            <Form form={form} layout="vertical">
              <Form.Item name="reason" label="驳回原因" rules={[reasonRule]} extra="患者将看到该原因并重新填写健康表">
                <Input.TextArea rows={3} maxLength={200} showCount placeholder="例如：血压数值异常，请复测后重新填写" />
              </Form.Item>
            </Form>
          ) : null}
        </Flex>
      )}
    </Modal>
  );
}
