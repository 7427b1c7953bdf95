import { INSPECTION_REASON_MAX, type InspectionRejectCode, inspectionRejectReasons } from '@pharmacy/shared';
import { Form, Input, Modal, Select } from 'antd';
import { validatedValues } from '../../../components/form-validation';

export interface RejectValues {
  reject_code: InspectionRejectCode;
  reason: string;
}

/** 驳回处方: a reason from the list (required) and text (required for 其他); the doctor receives both. */
export function InspectionRejectDialog({
  recipeNo,
  hasOrder,
  pending,
  onSubmit,
  onClose,
}: {
  recipeNo: string;
  /** The prescription dispenses an order waiting for it: that order will be cancelled and refunded. */
  hasOrder: boolean;
  pending: boolean;
  onSubmit: (values: RejectValues) => Promise<void>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<RejectValues>();
  const code = Form.useWatch('reject_code', form);

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    await onSubmit({ reject_code: values.reject_code, reason: (values.reason ?? '').trim() });
  };

  return (
    <Modal
      open
      title={`驳回处方 · ${recipeNo}`}
      okText="确认驳回"
      okButtonProps={{ danger: true }}
      cancelText="返回"
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={pending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="inspection-reject" onFinish={() => void submit()}>
        <Form.Item name="reject_code" label="驳回原因" rules={[{ required: true, message: '请选择驳回原因' }]}>
          <Select
            placeholder="请选择驳回原因"
            options={inspectionRejectReasons.map((r) => ({ value: r.code, label: r.label }))}
          />
        </Form.Item>
        <Form.Item
          name="reason"
          label="补充说明"
          extra={hasOrder ? '驳回原因和说明将通知开方医生；订单将取消并原路退款。' : '驳回原因和说明将通知开方医生。'}
          rules={[
            { required: code === 'other', whitespace: true, message: '请填写驳回说明' },
            { max: INSPECTION_REASON_MAX, message: `说明最多 ${INSPECTION_REASON_MAX} 字` },
          ]}
        >
          <Input.TextArea
            rows={3}
            showCount
            maxLength={INSPECTION_REASON_MAX}
            placeholder={code === 'other' ? '请填写驳回说明（必填）' : '选填，便于医生修改处方'}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
