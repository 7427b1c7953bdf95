import {
  describeHealthAnswers,
  type HealthReviewRejectBody,
  healthMessages,
  healthReviewRejectBodySchema,
} from '@pharmacy/shared';
import { Alert, Button, Descriptions, Drawer, Flex, Form, Input, Modal, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { zodRule } from '../../../components/form-field-errors';
import { validatedValues } from '../../../components/form-validation';
import { genderText, HealthFormStatusTag, relationText } from '../../../components/health-form/health-form-columns';
import { dialogToast } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { useApproveHealthReview, useRejectHealthReview } from '../api/health-review-decide';
import { useHealthReview } from '../api/health-review-queries';

const histories = (items: string[]) =>
  items.length ? items.map((h) => <Tag key={h}>{h}</Tag>) : <Typography.Text type="secondary">无</Typography.Text>;

/** 驳回: the reason (1–200) the patient will read before filling the form again. */
function RejectDialog({ id, onDone, onCancel }: { id: number; onDone: () => void; onCancel: () => void }) {
  const [form] = Form.useForm<HealthReviewRejectBody>();
  const reject = useRejectHealthReview();
  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    try {
      await reject.mutateAsync({ id, reason: values.reason.trim() });
      dialogToast.success('已驳回，患者需重新填写');
      onDone();
    } catch {
      // shown by the HTTP layer (409: decided meanwhile)
      onCancel();
    }
  };
  return (
    <Modal
      open
      title="驳回健康表"
      okText="确认驳回"
      okButtonProps={{ danger: true }}
      cancelText="取消"
      confirmLoading={reject.isPending}
      onOk={() => void submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form<HealthReviewRejectBody> form={form} layout="vertical" initialValues={{ reason: '' }}>
        <Form.Item
          name="reason"
          label="驳回原因"
          required
          rules={[zodRule(healthReviewRejectBodySchema.shape.reason)]}
          extra="患者将看到该原因并重新填写健康表"
        >
          <Input.TextArea rows={3} maxLength={200} showCount placeholder="例如：血压数值异常，请复测后重新填写" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 查看: the form's answers read-only, the customer and the family member; 通过, or 驳回 with a reason. */
export function HealthReviewDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { data, isLoading, isError } = useHealthReview(id);
  const approve = useApproveHealthReview();
  const [rejecting, setRejecting] = useState(false);
  const pending = data?.status === 'submitted';

  const onApprove = async () => {
    try {
      await approve.mutateAsync(id);
      dialogToast.success('已审核通过');
      onClose();
    } catch {
      // the HTTP layer has shown the refusal (409: decided by a doctor meanwhile)
    }
  };

  return (
    <Drawer
      open
      title="健康表详情"
      width={720}
      onClose={onClose}
      destroyOnHidden
      extra={data ? <HealthFormStatusTag status={data.status} /> : null}
      footer={
        pending ? (
          <Flex justify="end">
            <Space>
              <Button onClick={onClose}>关闭</Button>
              <Button danger onClick={() => setRejecting(true)}>
                驳回
              </Button>
              <Button type="primary" loading={approve.isPending} onClick={() => void onApprove()}>
                通过
              </Button>
            </Space>
          </Flex>
        ) : null
      }
    >
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : isError || !data ? (
        <Alert type="error" showIcon message={healthMessages.formNotFound} />
      ) : (
        <Flex vertical gap={16}>
          <Descriptions size="small" column={2} bordered title="客户">
            <Descriptions.Item label="账号">{data.account_name || '-'}</Descriptions.Item>
            <Descriptions.Item label="手机号">{data.account_phone}</Descriptions.Item>
            <Descriptions.Item label="分配医生">{data.doctor_name ?? '未分配'}</Descriptions.Item>
            <Descriptions.Item label="提交时间">{formatDateTime(data.submitted_at)}</Descriptions.Item>
          </Descriptions>
          <Descriptions size="small" column={2} bordered title="就诊人">
            <Descriptions.Item label="姓名">{data.patient.name}</Descriptions.Item>
            <Descriptions.Item label="关系">{relationText(data.relation)}</Descriptions.Item>
            <Descriptions.Item label="性别/年龄">
              {genderText(data.patient.gender)} / {data.patient.age === null ? '-' : `${data.patient.age}岁`}
            </Descriptions.Item>
            <Descriptions.Item label="过敏史">{histories(data.patient.allergy_history)}</Descriptions.Item>
            <Descriptions.Item label="家族病史">{histories(data.patient.family_medical_history)}</Descriptions.Item>
            <Descriptions.Item label="既往病史">{histories(data.patient.past_medical_history)}</Descriptions.Item>
          </Descriptions>
          <Descriptions size="small" column={2} bordered title="健康表">
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
        </Flex>
      )}
      {rejecting ? (
        <RejectDialog
          id={id}
          onCancel={() => setRejecting(false)}
          onDone={() => {
            setRejecting(false);
            onClose();
          }}
        />
      ) : null}
    </Drawer>
  );
}
