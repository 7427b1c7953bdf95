import {
  type QualificationKind,
  qualificationKindLabels,
  qualificationKinds,
  qualificationNumberError,
  requiredQualificationKinds,
} from '@pharmacy/shared';
import { Checkbox, DatePicker, Form, Input, Modal, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { isApiError } from '../../../lib/http';
import { useAddPharmacyQualification } from '../api/pharmacy-create';
import { PharmacyImagesInput } from './pharmacy-images-input';

interface Values {
  kind: QualificationKind;
  number: string;
  images: string[];
  long_term: boolean;
  expire_at: Dayjs | null;
}

const required = new Set<string>(requiredQualificationKinds);
const kindOptions = qualificationKinds.map((k) => ({
  value: k,
  label: required.has(k) ? `${qualificationKindLabels[k]}（必需）` : qualificationKindLabels[k],
}));

/** 补充资质: a document the applicant sent, added to a pending application (then it can be checked). */
export function PharmacyQualificationDialog({ pharmacyId, onClose }: { pharmacyId: number; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const add = useAddPharmacyQualification();
  const kind = Form.useWatch('kind', form) ?? 'drug_trade_licence';
  const longTerm = Form.useWatch('long_term', form) ?? false;

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    try {
      await add.mutateAsync({
        id: pharmacyId,
        kind: values.kind,
        number: values.number ?? '',
        images: values.images ?? [],
        expire_at: values.long_term || !values.expire_at ? null : values.expire_at.format('YYYY-MM-DD'),
      });
      dialogToast.success('资质已添加');
      onClose();
    } catch (error) {
      if (isApiError(error) && error.httpCode === 400 && error.msg) {
        const field = (['number', 'images', 'expire_at', 'kind'] as const).find((f) => error.msg?.startsWith(f));
        if (field) form.setFields([{ name: field, errors: [error.msg.slice(field.length).trim()] }]);
      }
    }
  };

  return (
    <Modal
      open
      title="补充资质"
      okText="保存"
      cancelText="取消"
      confirmLoading={add.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      width={600}
    >
      <Form<Values>
        form={form}
        name="pharmacy-qualification"
        layout="vertical"
        initialValues={{ kind: 'drug_trade_licence', number: '', images: [], long_term: false, expire_at: null }}
      >
        <Form.Item name="kind" label="证照类型" required>
          <Select options={kindOptions} />
        </Form.Item>
        <Form.Item
          name="number"
          label="证照编号"
          required={kind !== 'other'}
          rules={[
            {
              validator: async (_rule, value) => {
                const message = qualificationNumberError(kind, String(value ?? '').replace(/\s+/g, ''));
                if (message) throw new Error(message);
              },
            },
          ]}
        >
          <Input maxLength={64} placeholder="证照上的编号" />
        </Form.Item>
        <Form.Item
          name="images"
          label="证照图片"
          required
          rules={[{ required: true, type: 'array', min: 1, message: '请上传证照图片' }]}
        >
          <PharmacyImagesInput label={qualificationKindLabels[kind]} />
        </Form.Item>
        <Form.Item label="有效期至" required>
          <Form.Item name="long_term" valuePropName="checked" noStyle>
            <Checkbox>长期有效</Checkbox>
          </Form.Item>
          <Form.Item
            name="expire_at"
            noStyle
            rules={[{ required: !longTerm, message: '请选择有效期，或勾选长期有效' }]}
          >
            <DatePicker
              disabled={longTerm}
              placeholder="选择到期日期"
              aria-label="有效期至"
              style={{ marginInlineStart: 12 }}
            />
          </Form.Item>
        </Form.Item>
      </Form>
    </Modal>
  );
}
