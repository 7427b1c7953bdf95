import {
  type Qualification,
  type QualificationKind,
  qualificationBodySchema,
  qualificationKindLabels,
  qualificationKinds,
  qualificationNumberError,
} from '@pharmacy/shared';
import { Checkbox, DatePicker, Form, Input, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { useSaveQualification } from '../api/qualification-save';
import { AptitudeImagesInput } from './aptitude-images-input';
import { showServerFieldError, zodRule } from './settings-rules';

const fields = qualificationBodySchema.shape;

interface Values {
  kind: QualificationKind;
  name: string;
  number: string;
  images: string[];
  long_term: boolean;
  expire_at: Dayjs | null;
  remark: string;
}

const numberPlaceholders: Partial<Record<QualificationKind, string>> = {
  business_licence: '18 位统一社会信用代码，如 913101156684179733',
  drug_trade_licence: '如 沪CB0213867',
  gsp: '如 A-SH-21-0135',
  medical_device: '如 沪浦食药监械经营备20190123号',
  internet_drug_info: '如 (沪)-经营性-2023-0087',
};

const kindOptions = qualificationKinds.map((k) => ({ value: k, label: qualificationKindLabels[k] }));

/** Adds a qualification document or edits one: kind, name, number (checked by its kind's format), images, expiry. */
export function AptitudeFormDialog(props: { qualification?: Qualification; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const save = useSaveQualification();
  const kind = Form.useWatch('kind', form) ?? props.qualification?.kind ?? 'business_licence';
  const longTerm = Form.useWatch('long_term', form) ?? false;
  const q = props.qualification;

  const initialValues: Values = q
    ? {
        kind: q.kind,
        name: q.name,
        number: q.number,
        images: q.images,
        long_term: q.expire_at === null,
        expire_at: q.expire_at ? dayjs(q.expire_at) : null,
        remark: q.remark,
      }
    : { kind: 'business_licence', name: '', number: '', images: [], long_term: false, expire_at: null, remark: '' };

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    try {
      await save.mutateAsync({
        id: q?.id,
        kind: values.kind,
        name: values.name?.trim() || qualificationKindLabels[values.kind],
        number: values.number ?? '',
        images: values.images ?? [],
        // spec §5: expire fields travel as ISO 8601 (here the calendar date itself, so no time zone can move it) or null
        expire_at: values.long_term || !values.expire_at ? null : values.expire_at.format('YYYY-MM-DD'),
        remark: values.remark ?? '',
      });
      dialogToast.success(q ? '资质已保存' : '资质已添加');
      props.onClose();
    } catch (error) {
      showServerFieldError(form, error, ['kind', 'name', 'number', 'images', 'expire_at', 'remark']);
    }
  };

  return (
    <Modal
      open
      title={q ? `编辑资质：${q.name}` : '添加资质'}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      onOk={() => void submit()}
      onCancel={props.onClose}
      destroyOnHidden
      width={640}
    >
      <Form<Values> form={form} name="qualification-form" layout="vertical" initialValues={initialValues}>
        <Form.Item name="kind" label="证照类型" required rules={[zodRule(fields.kind)]}>
          <Select
            options={kindOptions}
            onChange={() => {
              // the number's rule depends on the kind: check it again
              if (form.getFieldValue('number')) void validatedValues(form, ['number']);
            }}
          />
        </Form.Item>
        <Form.Item name="name" label="证照名称" rules={[zodRule(fields.name)]} extra="留空则使用证照类型名称">
          <Input maxLength={50} placeholder={qualificationKindLabels[kind]} />
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
          <Input maxLength={64} placeholder={numberPlaceholders[kind] ?? '证照上的编号'} />
        </Form.Item>
        <Form.Item
          name="images"
          label="证照图片"
          required
          rules={[zodRule(fields.images)]}
          extra="支持 PNG、JPG、WebP，单张不超过 10 MB，最多 9 张；点击缩略图可放大查看"
        >
          <AptitudeImagesInput label={qualificationKindLabels[kind]} />
        </Form.Item>
        <Form.Item label="有效期至" required>
          <Form.Item name="long_term" valuePropName="checked" noStyle>
            <Checkbox
              onChange={(e) => {
                if (e.target.checked) form.setFields([{ name: 'expire_at', value: null, errors: [] }]);
              }}
            >
              长期有效
            </Checkbox>
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
        <Form.Item name="remark" label="备注" rules={[zodRule(fields.remark)]}>
          <Input.TextArea maxLength={200} rows={2} placeholder="如 经营范围、发证机关" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
