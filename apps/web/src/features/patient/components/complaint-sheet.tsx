import {
  type MyReport,
  REPORT_CONTENT_MAX,
  type ReportTargetKind,
  reportCategoriesByKind,
  reportCreateBodySchema,
  reportTargetKindLabels,
  reportTargetKinds,
} from '@pharmacy/shared';
import { Button, Drawer, Empty, Form, Input, Segmented, Select } from 'antd';
import { useEffect } from 'react';
import { zodRule } from '../../../components/form-field-errors';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { useSubmitComplaint } from '../api/complaint-submit';
import { useComplaintTargets } from '../api/complaint-targets';
import { sheetProps } from './bits';
import { ComplaintImagesInput } from './complaint-images-input';
import { showServerFieldError } from './field-errors';

interface Values {
  target_kind: ReportTargetKind;
  target_id?: number;
  category?: string;
  content: string;
  images: string[];
  contact_phone: string;
}

const fields = ['target_kind', 'target_id', 'category', 'content', 'images', 'contact_phone'] as const;
const shape = reportCreateBodySchema.shape;

const emptyText: Record<ReportTargetKind, string> = {
  order: '您还没有订单',
  pharmacy: '您还没有在任何药店下过单',
  doctor: '还没有医生为您开过处方',
  live: '您还没有观看过直播',
};

/**
 * 我要投诉: what about (my order, a pharmacy I ordered from, a doctor of my prescriptions, a live I watched), the
 * category, what happened, up to 6 photos and a contact phone. `initial` preselects a target (from an order's page).
 */
export function ComplaintSheet({
  open,
  onClose,
  onSaved,
  initial,
}: {
  open: boolean;
  onClose: () => void;
  onSaved?: (report: MyReport) => void;
  initial?: { kind: ReportTargetKind; id?: number };
}) {
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('target_kind', form) ?? initial?.kind ?? 'order';
  const targets = useComplaintTargets(open ? kind : undefined);
  const submit = useSubmitComplaint();

  useEffect(() => {
    if (open && initial) form.setFieldsValue({ target_kind: initial.kind, target_id: initial.id });
  }, [open, initial, form]);

  const save = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    try {
      const report = await submit.mutateAsync({
        target_kind: values.target_kind,
        target_id: values.target_id as number,
        category: values.category ?? '',
        content: values.content,
        images: values.images ?? [],
        contact_phone: values.contact_phone?.trim() ?? '',
      });
      dialogToast.success('投诉已提交，平台会尽快处理');
      form.resetFields();
      onSaved?.(report);
      onClose();
    } catch (error) {
      showServerFieldError(form, error, fields);
    }
  };

  const options = (targets.data ?? []).map((t) => ({
    value: t.id,
    label: t.label,
    description: t.description,
  }));

  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="bottom"
      size="auto"
      title="我要投诉"
      {...sheetProps}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        name="complaint"
        initialValues={{ target_kind: initial?.kind ?? 'order', target_id: initial?.id, images: [], contact_phone: '' }}
        onValuesChange={(changed: Partial<Values>) => {
          if ('target_kind' in changed) form.setFieldsValue({ target_id: undefined, category: undefined });
        }}
      >
        <Form.Item label="投诉对象" name="target_kind">
          <Segmented block options={reportTargetKinds.map((k) => ({ value: k, label: reportTargetKindLabels[k] }))} />
        </Form.Item>
        <Form.Item
          label={`选择${reportTargetKindLabels[kind]}`}
          name="target_id"
          rules={[{ required: true, message: '请选择投诉对象' }]}
        >
          <Select
            placeholder={`请选择${reportTargetKindLabels[kind]}`}
            loading={targets.isLoading}
            options={options}
            showSearch={{ optionFilterProp: 'label' }}
            notFoundContent={
              targets.isLoading ? null : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText[kind]} />
            }
            optionRender={(o) => (
              <div>
                <div>{o.data.label}</div>
                {o.data.description ? (
                  <div className="patient-muted" style={{ fontSize: 12 }}>
                    {o.data.description}
                  </div>
                ) : null}
              </div>
            )}
          />
        </Form.Item>
        <Form.Item label="投诉类型" name="category" rules={[{ required: true, message: '请选择投诉类型' }]}>
          <Select
            placeholder="请选择投诉类型"
            options={reportCategoriesByKind[kind].map((c) => ({ value: c, label: c }))}
          />
        </Form.Item>
        <Form.Item label="投诉内容" name="content" rules={[zodRule(shape.content)]}>
          <Input.TextArea
            rows={4}
            showCount
            maxLength={REPORT_CONTENT_MAX}
            placeholder="请描述遇到的问题，至少 5 个字"
          />
        </Form.Item>
        <Form.Item label="图片（选填，最多 6 张）" name="images">
          <ComplaintImagesInput />
        </Form.Item>
        <Form.Item label="联系电话（选填）" name="contact_phone" rules={[zodRule(shape.contact_phone)]}>
          <Input placeholder="不填则使用登录手机号" maxLength={11} inputMode="numeric" />
        </Form.Item>
        <Button type="primary" block size="large" loading={submit.isPending} onClick={() => void save()}>
          提交投诉
        </Button>
      </Form>
    </Drawer>
  );
}
