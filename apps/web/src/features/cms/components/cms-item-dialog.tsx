import { UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, InputNumber, Modal, Select, Switch, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { validatedValues } from '../../../components/form-validation';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { dialogToast } from '../../../lib/feedback';
import { isApiError } from '../../../lib/http';
import { uploadCmsImage, useSaveCmsItem } from '../api/cms-admin';
import type { CmsItem } from '../api/get-cms-items';
import { cmsFieldLabels, cmsStatusLabels } from './cms-collections';
import { type FormField, toFormValues, toPayload } from './cms-form-fields';

const labelOf = (name: string) => cmsFieldLabels[name] ?? name;

function ImageInput({ value, onChange, label }: { value?: string; onChange?: (v: string) => void; label: string }) {
  const [uploading, setUploading] = useState(false);
  return (
    <Flex vertical gap={8}>
      <Flex gap={8}>
        <Input
          value={value}
          onChange={(e) => onChange?.(e.target.value)}
          placeholder="图片地址"
          aria-label={`${label}地址`}
        />
        <Upload
          accept="image/png,image/jpeg,image/webp,image/svg+xml"
          showUploadList={false}
          beforeUpload={(file) => {
            setUploading(true);
            uploadCmsImage(file)
              .then((url) => {
                onChange?.(url);
                dialogToast.success('图片已上传');
              })
              .catch((e) => {
                if (!isApiError(e)) dialogToast.error(e instanceof Error ? e.message : '上传失败');
              })
              .finally(() => setUploading(false));
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined />} loading={uploading}>
            上传
          </Button>
        </Upload>
      </Flex>
      {value ? (
        <ImageWithFallback src={value} alt={`${label}预览`} width={120} height={80} style={{ objectFit: 'contain' }} />
      ) : null}
    </Flex>
  );
}

/** One generated control; Form.Item hands it value / onChange (or checked), passed on as `rest`. */
function FieldInput({ field, ...rest }: { field: FormField } & Record<string, unknown>) {
  const label = labelOf(field.name);
  switch (field.kind) {
    case 'status':
      return <Select {...rest} options={Object.entries(cmsStatusLabels).map(([value, l]) => ({ value, label: l }))} />;
    case 'number':
      return (
        <InputNumber
          {...rest}
          style={{ width: '100%' }}
          precision={field.name.endsWith('_id') || field.name === 'sort' ? 0 : undefined}
        />
      );
    case 'boolean':
      return <Switch {...rest} />;
    case 'image':
      return <ImageInput {...rest} label={label} />;
    case 'textarea':
    case 'json':
      return (
        <Input.TextArea
          {...rest}
          rows={field.kind === 'json' ? 5 : 3}
          maxLength={field.maxLength}
          showCount={!!field.maxLength}
        />
      );
    default:
      return <Input {...rest} maxLength={field.maxLength} />;
  }
}

export interface CmsItemDialogProps {
  collection: string;
  collectionLabel: string;
  fields: FormField[];
  /** The row being edited; undefined creates one. */
  item?: CmsItem;
  /** The sort a new row gets (after the last one). */
  nextSort: number;
  onClose: () => void;
}

/** Create or edit a content row with a form generated from the collection's fields. */
export function CmsItemDialog({ collection, collectionLabel, fields, item, nextSort, onClose }: CmsItemDialogProps) {
  const [form] = Form.useForm();
  const save = useSaveCmsItem();
  useEffect(() => {
    const values = toFormValues(fields, item);
    if (!item && fields.some((f) => f.name === 'sort')) values.sort = nextSort;
    form.setFieldsValue(values);
  }, [form, fields, item, nextSort]);

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    let payload: Record<string, unknown>;
    try {
      payload = toPayload(fields, values);
    } catch {
      dialogToast.error('JSON 格式不正确');
      return;
    }
    save.mutate(
      { collection, id: item?.id, values: payload },
      {
        onSuccess: () => {
          dialogToast.success(item ? '已保存' : '已新增');
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open
      title={`${item ? '编辑' : '新增'}${collectionLabel}`}
      okText="保存"
      confirmLoading={save.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      <Form form={form} layout="vertical">
        {fields.map((f) => (
          <Form.Item
            key={f.name}
            name={f.name}
            label={labelOf(f.name)}
            valuePropName={f.kind === 'boolean' ? 'checked' : 'value'}
            rules={
              f.required
                ? [{ required: true, message: `请填写${labelOf(f.name)}` }]
                : f.name === 'link'
                  ? [{ pattern: /^(\/(?!\/)|https:\/\/)/, message: '链接须以 / 或 https:// 开头' }]
                  : undefined
            }
          >
            <FieldInput field={f} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
